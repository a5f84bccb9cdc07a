/**
 * What a resolved layout is: plain drawing operations per page, and the values printed.
 */
import type { FontName } from './layout.ts';

export type DrawOp =
  | {
      kind: 'text';
      page: number;
      x: number;
      y: number;
      width?: number;
      text: string;
      font: FontName;
      size: number;
      bold?: boolean;
      italic?: boolean;
      align?: 'left' | 'center' | 'right';
      color?: string;
    }
  | {
      kind: 'rect';
      page: number;
      x: number;
      y: number;
      width: number;
      height: number;
      fill?: string;
      lineWidth: number;
    }
  | { kind: 'line'; page: number; x1: number; y1: number; x2: number; y2: number; lineWidth: number }
  | { kind: 'image'; page: number; x: number; y: number; width: number; height: number; data: string };

/** A value as printed, for tests and the bench: the element's id (or label) and its text. */
export interface PrintedValue {
  id: string;
  text: string;
}

export interface Resolved {
  pageSize: { width: number; height: number };
  pageCount: number;
  backgrounds: (string | undefined)[];
  ops: DrawOp[];
  printed: PrintedValue[];
  /** Sensitive kinds that were printed (their printing is audited). */
  revealed: Set<'ssn'>;
}
