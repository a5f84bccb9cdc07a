/**
 * From a layout and the records to what is drawn: the vars and every element's expressions are
 * evaluated, values formatted and fitted into their boxes, and text that does not fit continues on
 * an addendum page. Elements see `$pageCount`, the pages printed, the addendum included ("Page 1 of
 * 3"). Pure apart from the clock.
 */
import { drawElement, LINE, type Ctx } from './elements.ts';
import { evaluateVars, LayoutError, run } from './expressions.ts';
import type { Layout, PrintInput } from './layout.ts';
import { LETTER } from './layout.ts';
import { isTicked } from './format.ts';
import { wrapLines } from './measure.ts';
import type { Resolved } from './ops.ts';

/** Text that did not fit its box, continued on a last page of its own. */
function addendumPage(ctx: Ctx, page: number, size: { width: number; height: number }) {
  const { width } = size;
  ctx.ops.push({
    kind: 'text',
    page,
    x: 36,
    y: size.height - 36,
    width: width - 72,
    text: `Page ${page} of ${page}`,
    font: 'sans',
    size: 7,
    align: 'right',
  });
  ctx.ops.push({
    kind: 'text',
    page,
    x: 36,
    y: 36,
    text: `Addendum to ${ctx.layout.title}`,
    font: 'sans',
    size: 12,
    bold: true,
  });
  let y = 62;
  for (const a of ctx.addendum) {
    ctx.ops.push({ kind: 'text', page, x: 36, y, text: a.label, font: 'sans', size: 8, bold: true });
    y += 12;
    const lines = wrapLines(a.text, width - 72, 9);
    ctx.ops.push({ kind: 'text', page, x: 36, y, width: width - 72, text: lines.join('\n'), font: 'sans', size: 9 });
    y += lines.length * 9 * LINE + 12;
  }
}

/** What a copy of a form no one has signed (or whose signature a change voided) says on each page. */
export const NOT_SIGNED_MARK = 'NOT SIGNED: this copy of the form carries no signature.';

/**
 * A form without any signature printed as a clean official form could be taken for one given to the
 * employer: each page says at its top that it is not signed.
 */
function notSignedMarks(ctx: Ctx, pages: number, size: { width: number }) {
  for (let page = 1; page <= pages; page++) {
    ctx.ops.push({
      kind: 'text',
      page,
      x: 36,
      y: 10,
      width: size.width - 72,
      text: NOT_SIGNED_MARK,
      font: 'sans',
      size: 9,
      bold: true,
      color: '#b00020',
      align: 'center',
    });
  }
}

/** Everything a layout draws for these records. */
export async function resolveLayout(
  layout: Layout,
  input: PrintInput,
  shared: Record<string, string>,
  opts: { images?: boolean } = {},
): Promise<Resolved> {
  const evaluated = await evaluateVars(layout, input, shared);
  // The page each layout page prints as (undefined: not printed, its `when` false).
  const printedAs: (number | undefined)[] = [];
  let printedPages = 0;
  for (const [i, p] of layout.pages.entries()) {
    const shown = !p.when || isTicked(await run(layout.form, `when of page ${i + 1}`, p.when, input, evaluated));
    printedAs.push(shown ? ++printedPages : undefined);
  }
  const draw = async (pageCount: number) => {
    const vars = Object.freeze({ ...evaluated, pageCount });
    const ctx: Ctx = {
      layout,
      ops: [],
      printed: [],
      revealed: new Set(),
      addendum: [],
      images: opts.images ?? true,
      signatures: { boxes: 0, signed: 0 },
    };
    for (const e of layout.elements) {
      if (e.page > layout.pages.length)
        throw new LayoutError(`printable: ${layout.form}: an element is on page ${e.page} of ${layout.pages.length}`);
      const page = printedAs[e.page - 1];
      if (page !== undefined) await drawElement(ctx, page === e.page ? e : { ...e, page }, input, vars);
    }
    return ctx;
  };
  const pageSize = layout.pageSize ?? LETTER;
  let pageCount = printedPages;
  let ctx = await draw(pageCount);
  // Text continued on an addendum adds a page: drawn again, every page counts it.
  if (ctx.addendum.length) ctx = await draw(++pageCount);
  if (ctx.addendum.length) addendumPage(ctx, pageCount, pageSize);
  if (ctx.signatures.boxes && !ctx.signatures.signed) notSignedMarks(ctx, pageCount, pageSize);
  return {
    pageSize,
    pageCount,
    backgrounds: layout.pages.filter((_, i) => printedAs[i] !== undefined).map((p) => p.background),
    ops: ctx.ops,
    printed: ctx.printed,
    revealed: ctx.revealed,
  };
}
