/**
 * Renders a story of stories/forms (a CSF 3 object) to static HTML, as the tests' fixture: the
 * story's render, else the meta's, else the component, with the meta's args under the story's.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

type Render = (args: any, context: any) => unknown;

interface MetaLike {
  component?: ComponentType<any>;
  args?: object;
  render?: Render;
}

interface StoryLike {
  args?: object;
  render?: Render;
}

export function renderStory(meta: MetaLike, story: StoryLike): string {
  const args = { ...meta.args, ...story.args };
  const render = story.render ?? meta.render;
  if (render) return renderToStaticMarkup(render(args, {}) as ReactElement);
  if (!meta.component) throw new Error('renderStory: the meta has no component and no render');
  return renderToStaticMarkup(createElement(meta.component, args));
}

/** The text of the HTML, tags dropped and whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
