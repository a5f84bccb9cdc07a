/**
 * rjsf's own checkbox, select, textarea and checkbox list, marked aria-invalid while their field
 * has a message. They show the message beside the control and point the control at it
 * (aria-describedby), but never mark it invalid, so after a refused save a screen reader read a
 * refused exempt box, state or note as fine. Each is rjsf's widget as it is (its value handling,
 * options and description), with the mark added to its controls: every form of every schema gets it
 * from the registry (forms/widgets/index.ts), none has to ask for it.
 */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';

const CONTROLS = new Set(['input', 'select', 'textarea']);

/** The tree with aria-invalid on each form control that names its field's message (aria-describedby). */
function markControls(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(markControls);
  if (!isValidElement(node)) return node;
  const props = node.props as { children?: ReactNode; 'aria-describedby'?: string };
  if (typeof node.type === 'string' && CONTROLS.has(node.type) && props['aria-describedby']) {
    return cloneElement(node as ReactElement<Record<string, unknown>>, { 'aria-invalid': true });
  }
  if (props.children === undefined) return node;
  // Children passed as arguments, as the widget's JSX passed them: a list of keyed items stays one.
  const children = Array.isArray(props.children) ? props.children.map(markControls) : [markControls(props.children)];
  return cloneElement(node, undefined, ...children);
}

/** rjsf's widget `name`, its controls marked invalid while the field has a message. */
function marked(
  name: 'CheckboxWidget' | 'SelectWidget' | 'TextareaWidget' | 'CheckboxesWidget',
): (props: WidgetProps) => ReactNode {
  // rjsf's widgets are plain function components: drawn here as part of this one (their hooks are
  // this component's, in the same order every time), so that their elements can be marked.
  const draw = getDefaultRegistry().widgets[name] as (props: WidgetProps) => ReactNode;
  const widget = (props: WidgetProps) => {
    const tree = draw(props);
    return props.rawErrors?.some(Boolean) ? markControls(tree) : tree;
  };
  Object.defineProperty(widget, 'name', { value: name });
  return widget;
}

/** A boolean's box (a state certificate's exempt claim, a user's locked flag). */
export const CheckboxWidget = marked('CheckboxWidget');
/** A choice from a list (a state, a time zone, a gender), or several with "multiple". */
export const SelectWidget = marked('SelectWidget');
/** Text of several lines ("ui:widget": "textarea": notes, instructions, expressions). */
export const TextareaWidget = marked('TextareaWidget');
const Boxes = marked('CheckboxesWidget');

/**
 * Several choices as boxes ("ui:widget": "checkboxes": a company's modules, a file group's). rjsf's
 * boxes sit in a plain div its field's label cannot name (a label names one control), so a screen
 * reader read 'payroll, checkbox' with no word of which list: the div is a group named by the field's
 * title, marked invalid with its boxes while the field has a message.
 */
export function CheckboxesWidget(props: WidgetProps) {
  const boxes = Boxes(props) as ReactElement<Record<string, unknown>>;
  if (!isValidElement(boxes)) return boxes;
  const label = typeof props.label === 'string' && props.label ? props.label : undefined;
  return cloneElement(boxes, {
    role: 'group',
    'aria-label': label,
    'aria-invalid': props.rawErrors?.some(Boolean) ? true : undefined,
  });
}
