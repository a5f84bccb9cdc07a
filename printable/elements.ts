/**
 * Each layout element as drawing operations: boxes with their labels, values fitted into them,
 * check marks and signatures (the drawn image, or the typed name in its script font).
 */
import { companyTimeZone } from '../engine/local-day.ts';
import { formatValue, isBlank, isTicked } from './format.ts';
import { run } from './expressions.ts';
import type {
  CheckElement,
  Element,
  FieldElement,
  FontName,
  Layout,
  PrintInput,
  SignatureElement,
  TextElement,
} from './layout.ts';
import { LETTER } from './layout.ts';
import { fitSize, textWidth, wrapLines } from './measure.ts';
import type { DrawOp, PrintedValue } from './ops.ts';
import { printedSignature } from './signature.ts';

export const LINE = 1.17; // line height of the text font, in ems
const DEFAULT_SIZE = 9;
const DEFAULT_LABEL = 5.5;

/** What drawing a layout collects: the operations, the values printed, and what must be continued or audited. */
export interface Ctx {
  layout: Layout;
  ops: DrawOp[];
  printed: PrintedValue[];
  revealed: Set<'ssn'>;
  addendum: { label: string; text: string }[];
  images: boolean;
  /** The layout's signature boxes drawn, and how many of them hold a signature. */
  signatures: { boxes: number; signed: number };
}

function labelOps(ctx: Ctx, page: number, x: number, y: number, width: number, label: string, size: number): number {
  const lines = wrapLines(label, width, size);
  ctx.ops.push({ kind: 'text', page, x, y, width, text: label, font: 'sans', size });
  return lines.length * size * LINE;
}

function border(ctx: Ctx, e: { page: number; x: number; y: number; width: number; height: number }, kind?: string) {
  if (kind === 'none') return;
  if (kind === 'underline') {
    ctx.ops.push({
      kind: 'line',
      page: e.page,
      x1: e.x,
      y1: e.y + e.height,
      x2: e.x + e.width,
      y2: e.y + e.height,
      lineWidth: 0.5,
    });
  } else ctx.ops.push({ kind: 'rect', page: e.page, x: e.x, y: e.y, width: e.width, height: e.height, lineWidth: 0.5 });
}

/** Places a value's text inside an area: one line shrunk to fit, or wrapped into its lines. */
function placeValue(
  ctx: Ctx,
  e: TextElement | FieldElement,
  text: string,
  area: { page: number; x: number; y: number; width: number; height?: number },
  label: string,
) {
  const font = e.font ?? ctx.layout.defaults?.font ?? 'sans';
  let size = e.size ?? ctx.layout.defaults?.size ?? DEFAULT_SIZE;
  const maxLines = e.lines ?? 1;
  let shown = text;
  let y = area.y;
  if (maxLines === 1 && !text.includes('\n')) {
    size = fitSize(text, area.width, size, font);
    if (area.height !== undefined) y += Math.max(0, (area.height - size * LINE) / 2);
    // Too long for its box even at the smallest size: it stays in the box, and the rest is on the
    // addendum where the layout has one, else marked as cut; never drawn over the next box.
    if (textWidth(text, size, font) > area.width) {
      const more = e.overflow === 'addendum' ? ' (continued on the addendum page)' : '…';
      shown = fitted(text, area.width, size, font, more);
      if (e.overflow === 'addendum') ctx.addendum.push({ label, text });
    }
  } else {
    // Wrapped here, at generous widths, so that pdfmake keeps these lines as they are.
    const lines = wrapLines(text, area.width, size, font);
    shown = lines.join('\n');
    if (lines.length > maxLines) {
      if (e.overflow === 'addendum') {
        shown = [...lines.slice(0, maxLines - 1), '(continued on the addendum page)'].join('\n');
        ctx.addendum.push({ label, text });
      } else shown = lines.slice(0, maxLines).join('\n');
    }
  }
  ctx.ops.push({
    kind: 'text',
    page: area.page,
    x: area.x,
    y,
    width: area.width,
    text: shown,
    font,
    size,
    bold: e.bold,
    italic: e.italic,
    align: e.align,
    color: (e as TextElement).color,
  });
}

/**
 * The most characters one element prints: more than any box or addendum of a form holds (the
 * product's fields are far shorter), and a value past it (a layout kept as data may compute one)
 * would hold the drawing of every company's forms while it was laid out.
 */
export const MAX_PRINTED_TEXT = 10_000;

/** The longest start of `text` that, followed by `more`, fits `width` on one line. */
function fitted(text: string, width: number, size: number, font: FontName, more: string): string {
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(text.slice(0, mid) + more, size, font) <= width) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo).trimEnd() + more;
}

async function valueText(ctx: Ctx, e: TextElement | FieldElement, input: PrintInput, vars: Record<string, unknown>) {
  const where = `element '${e.id ?? (e as FieldElement).label ?? e.type}'`;
  const raw = e.value === undefined ? (e as TextElement).text : await run(ctx.layout.form, where, e.value, input, vars);
  const text = formatValue(raw, e.format, e.blank ?? '', companyTimeZone(input.organization));
  if (e.sensitive && !isBlank(raw)) ctx.revealed.add(e.sensitive);
  if (text.length <= MAX_PRINTED_TEXT) return text;
  const cut = text.length - MAX_PRINTED_TEXT;
  return `${text.slice(0, MAX_PRINTED_TEXT)} … (${cut.toLocaleString('en-US')} more characters not printed)`;
}

async function drawText(ctx: Ctx, e: TextElement, input: PrintInput, vars: Record<string, unknown>) {
  const text = await valueText(ctx, e, input, vars);
  if (e.value !== undefined) ctx.printed.push({ id: e.id ?? e.value, text });
  if (text === '') return;
  const width = e.width ?? (ctx.layout.pageSize ?? LETTER).width - e.x - 18;
  if (e.lines === undefined && e.value === undefined) {
    // Static text wraps freely inside its width.
    const size = e.size ?? ctx.layout.defaults?.size ?? DEFAULT_SIZE;
    ctx.ops.push({
      kind: 'text',
      page: e.page,
      x: e.x,
      y: e.y,
      width,
      text,
      font: e.font ?? 'sans',
      size,
      bold: e.bold,
      italic: e.italic,
      align: e.align,
      color: e.color,
    });
    return;
  }
  placeValue(ctx, e, text, { page: e.page, x: e.x, y: e.y, width }, e.id ?? 'Value');
}

async function drawField(ctx: Ctx, e: FieldElement, input: PrintInput, vars: Record<string, unknown>) {
  border(ctx, e, e.border);
  const labelSize = e.labelSize ?? ctx.layout.defaults?.labelSize ?? DEFAULT_LABEL;
  const top = e.label ? labelOps(ctx, e.page, e.x + 2, e.y + 1.5, e.width - 4, e.label, labelSize) + 1.5 : 1;
  if (e.value === undefined) return; // a box for the employer to fill in by hand
  const text = await valueText(ctx, e, input, vars);
  ctx.printed.push({ id: e.id ?? e.label ?? e.value, text });
  if (text === '') return;
  const area = { page: e.page, x: e.x + 3, y: e.y + top, width: e.width - 6, height: Math.max(0, e.height - top - 1) };
  placeValue(ctx, e, text, area, e.label ?? e.id ?? 'Value');
}

async function drawCheck(ctx: Ctx, e: CheckElement, input: PrintInput, vars: Record<string, unknown>) {
  const b = e.box ?? 8;
  ctx.ops.push({ kind: 'rect', page: e.page, x: e.x, y: e.y, width: b, height: b, lineWidth: 0.6 });
  const ticked = isTicked(await run(ctx.layout.form, `check '${e.id ?? e.label}'`, e.value, input, vars));
  ctx.printed.push({ id: e.id ?? e.label ?? e.value, text: ticked ? 'X' : '' });
  if (ticked) {
    const size = b * 1.1;
    ctx.ops.push({
      kind: 'text',
      page: e.page,
      x: e.x + (b - textWidth('X', size, 'sans', true)) / 2,
      y: e.y - b * 0.08,
      text: 'X',
      font: 'sans',
      size,
      bold: true,
    });
  }
  if (e.label) {
    const size = e.labelSize ?? Math.min(8, ctx.layout.defaults?.size ?? 8);
    const width = e.labelWidth ?? (ctx.layout.pageSize ?? LETTER).width - 36 - (e.x + b + 3);
    ctx.ops.push({
      kind: 'text',
      page: e.page,
      x: e.x + b + 3,
      y: e.y + (b - size * LINE) / 2,
      width,
      text: e.label,
      font: 'sans',
      size,
    });
  }
}

async function drawSignature(ctx: Ctx, e: SignatureElement, input: PrintInput, vars: Record<string, unknown>) {
  border(ctx, e, e.border);
  const labelSize = e.labelSize ?? ctx.layout.defaults?.labelSize ?? DEFAULT_LABEL;
  const top = e.label ? labelOps(ctx, e.page, e.x + 2, e.y + 1.5, e.width - 4, e.label, labelSize) + 1 : 1;
  const sig = printedSignature(await run(ctx.layout.form, `signature '${e.id ?? e.label}'`, e.value, input, vars));
  ctx.printed.push({ id: e.id ?? e.label ?? e.value, text: sig?.name ?? '' });
  ctx.signatures.boxes++;
  if (sig?.name) ctx.signatures.signed++;
  if (!sig) return;
  const area = { x: e.x + 4, y: e.y + top, width: e.width - 8, height: Math.max(4, e.height - top - 1.5) };
  if (sig.image && sig.imageSize && ctx.images) {
    const scale = Math.min(area.width / sig.imageSize.width, area.height / sig.imageSize.height);
    const width = sig.imageSize.width * scale;
    const height = sig.imageSize.height * scale;
    ctx.ops.push({
      kind: 'image',
      page: e.page,
      x: area.x,
      y: area.y + (area.height - height) / 2,
      width,
      height,
      data: sig.image,
    });
    return;
  }
  const size = fitSize(sig.name, area.width, Math.min(e.size ?? 18, area.height / 1.25), sig.font, 6);
  const y = area.y + Math.max(0, (area.height - size * 1.25) / 2);
  ctx.ops.push({ kind: 'text', page: e.page, x: area.x, y, width: area.width, text: sig.name, font: sig.font, size });
}

export async function drawElement(ctx: Ctx, e: Element, input: PrintInput, vars: Record<string, unknown>) {
  if (
    e.when !== undefined &&
    !isTicked(await run(ctx.layout.form, `when of '${e.id ?? e.type}'`, e.when, input, vars))
  ) {
    return;
  }
  switch (e.type) {
    case 'text':
      return drawText(ctx, e, input, vars);
    case 'field':
      return drawField(ctx, e, input, vars);
    case 'check':
      return drawCheck(ctx, e, input, vars);
    case 'signature':
      return drawSignature(ctx, e, input, vars);
    case 'rect':
      ctx.ops.push({
        kind: 'rect',
        page: e.page,
        x: e.x,
        y: e.y,
        width: e.width,
        height: e.height,
        fill: e.fill,
        lineWidth: e.lineWidth ?? 0.5,
      });
      return;
    case 'line':
      ctx.ops.push({
        kind: 'line',
        page: e.page,
        x1: e.x1,
        y1: e.y1,
        x2: e.x2,
        y2: e.y2,
        lineWidth: e.lineWidth ?? 0.5,
      });
      return;
  }
}
