/**
 * What a form may add to the generic record screen beyond its schema (spec/001 section 2): another
 * save label (Invite, Save & Reload), questions before a save (the company ID confirm and re-type),
 * work after it, and actions in the screen's header (Audit Log, Delete, Show Printable I9). Keyed by
 * entity id in ./index.ts; a form without an entry gets the plain screen.
 */
import type { ComponentType } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import type { JsonObject, Session, TypeMeta, WireRecord } from '../../renderers/api/types.ts';
import type { Dialogs } from '../../renderers/dialogs/Dialogs.tsx';

export type ScreenMode = 'create' | 'edit' | 'view';

export interface ScreenContext {
  mode: ScreenMode;
  /** The record does not exist yet (a create, or the first save of a user-keyed record). */
  isNew: boolean;
  meta: TypeMeta;
  record?: WireRecord;
  /** The form's current data (the record's data in view mode). */
  data: JsonObject;
  session: Session | undefined;
  client: ApiClient;
  dialogs: Dialogs;
  notify(n: { type?: 'negative' | 'positive' | 'info' | 'warning'; message: string }): void;
  navigate(to: string): void;
  /** Loads the record again from the server. */
  reload(): Promise<void>;
  /** Loads the organization (name, branding) again, so a change to it shows at once. */
  reloadOrganization(): Promise<void>;
}

export interface ScreenExtension {
  /** The save button's label (default Save). */
  saveLabel?(ctx: ScreenContext): string | undefined;
  /** Hides the screen's own header actions (Edit, the list link) and the extension's actions. */
  hideActions?(ctx: ScreenContext): boolean;
  /** Asked before a save: the data to save, or false to cancel it without a word. */
  beforeSave?(ctx: ScreenContext): Promise<JsonObject | false> | JsonObject | false;
  /** After a successful save, with the record as the server answered it. */
  afterSave?(ctx: ScreenContext, saved: WireRecord): Promise<void> | void;
  /** The message shown after a successful save (default 'Saved.'). */
  savedMessage?(ctx: ScreenContext, saved: WireRecord): string | undefined;
  /** More actions in the screen's header. */
  Actions?: ComponentType<ScreenContext>;
  /** The extension's actions hold a Delete of their own, so the screen's generic Delete is not shown. */
  ownDelete?: boolean;
}
