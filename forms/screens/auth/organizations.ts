/**
 * The company screen (spec/001 sections 2 and 5): the company ID questions before a new company is
 * saved, and the header actions Company settings and Log in to company. The hostname that follows
 * the name is form behaviour (forms/auth/organizations.ts).
 */
import type { ScreenExtension } from '../../../renderers/contract/forms-registry.ts';
import { CompanyActions } from './CompanyActions.tsx';
import { confirmCompanyId } from './company-id.ts';

export const organizationsScreen: ScreenExtension = {
  beforeSave: confirmCompanyId,
  Actions: CompanyActions,
};
