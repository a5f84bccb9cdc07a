/**
 * The form's whole data for fields that depend on a sibling (the mailing address copies the legal
 * address, the deposit accounts follow the payment method), given by FormBehaviourField at the root.
 */
import { createContext, useContext } from 'react';
import type { FormData, Patch } from './behaviour.ts';

export interface RootData {
  data: FormData;
  /** Applies a patch of top-level fields. */
  patch(patch: Patch): void;
}

export const RootDataContext = createContext<RootData | undefined>(undefined);

export function useRootData(): RootData | undefined {
  return useContext(RootDataContext);
}
