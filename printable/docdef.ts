/**
 * Drawing operations to a pdfmake document definition: every page is a canvas of boxes and lines plus
 * absolutely positioned text and images. Pure: the only files it names are background images, by
 * their path in printable/backgrounds/.
 */
import path from 'node:path';
import { FAMILY, familyFor } from './fonts.ts';
import { BACKGROUND_NAME, BACKGROUNDS_DIR } from './layouts.ts';
import type { DrawOp, Resolved } from './ops.ts';

type Node = Record<string, unknown>;

function textNode(op: Extract<DrawOp, { kind: 'text' }>): Node {
  const style: Node = { text: op.text, font: familyFor(op.font, op.text), fontSize: op.size };
  if (op.bold) style.bold = true;
  if (op.italic) style.italics = true;
  if (op.align) style.alignment = op.align;
  if (op.color) style.color = op.color;
  const at = { absolutePosition: { x: op.x, y: op.y } };
  // A width makes pdfmake wrap and align inside it; without one the text runs on one line.
  return op.width ? { columns: [{ width: op.width, ...style }], ...at } : { ...style, ...at };
}

function canvasNode(ops: DrawOp[]): Node | undefined {
  const shapes: Node[] = [];
  for (const op of ops) {
    if (op.kind === 'rect') {
      shapes.push({
        type: 'rect',
        x: op.x,
        y: op.y,
        w: op.width,
        h: op.height,
        lineWidth: op.lineWidth,
        ...(op.fill ? { color: op.fill } : {}),
        ...(op.lineWidth === 0 ? { lineColor: op.fill ?? '#ffffff' } : {}),
      });
    } else if (op.kind === 'line') {
      shapes.push({ type: 'line', x1: op.x1, y1: op.y1, x2: op.x2, y2: op.y2, lineWidth: op.lineWidth });
    }
  }
  return shapes.length ? { canvas: shapes, absolutePosition: { x: 0, y: 0 } } : undefined;
}

export interface DocMeta {
  title: string;
  subject?: string;
}

/** The pdfmake document for what a layout resolved to. */
export function docDefinition(r: Resolved, meta: DocMeta): Record<string, unknown> {
  const images: Record<string, string> = {};
  const content: Node[] = [];
  for (let page = 1; page <= r.pageCount; page++) {
    if (page > 1) content.push({ text: '', pageBreak: 'before' });
    const ops = r.ops.filter((op) => op.page === page);
    const canvas = canvasNode(ops);
    if (canvas) content.push(canvas);
    for (const op of ops) {
      if (op.kind === 'text') content.push(textNode(op));
      else if (op.kind === 'image') {
        const key = `img${Object.keys(images).length}`;
        images[key] = op.data;
        content.push({ image: key, width: op.width, height: op.height, absolutePosition: { x: op.x, y: op.y } });
      }
    }
  }
  r.backgrounds.forEach((name, i) => {
    if (name === undefined) return;
    if (!BACKGROUND_NAME.test(name))
      throw new Error(`printable: background '${name}' is not a file name in printable/backgrounds/`);
    images[`bg${i + 1}`] = path.join(BACKGROUNDS_DIR, name);
  });
  const { width, height } = r.pageSize;
  return {
    pageSize: { width, height },
    pageMargins: 0,
    info: {
      title: meta.title,
      subject: meta.subject ?? meta.title,
      author: 'dform',
      creator: 'dform',
      producer: 'dform',
    },
    defaultStyle: { font: FAMILY.sans, fontSize: 9 },
    background: (currentPage: number) =>
      images[`bg${currentPage}`] ? { image: `bg${currentPage}`, width, height } : undefined,
    images,
    content,
  };
}
