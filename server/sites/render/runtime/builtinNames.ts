/**
 * The names of Mintlify's built-in components, free of React: the renderer maps each to its component
 * (components.tsx), and the import report, in the server process that never loads React, names the one
 * an unknown component most resembles (`<Acordion>`: did you mean Accordion?).
 */
export const BUILTIN_NAMES = [
  'Note',
  'Info',
  'Tip',
  'Warning',
  'Check',
  'Danger',
  'Callout',
  'Steps',
  'Step',
  'Frame',
  'CodeGroup',
  'Accordion',
  'AccordionGroup',
  'Expandable',
  'ResponseField',
  'ParamField',
  'Card',
  'CardGroup',
  'Columns',
  'Column',
  'Icon',
  'Tabs',
  'Tab',
  'Badge',
  'Tooltip',
  'Update',
  'Tree',
  'FileTree',
  'Tile',
  'Panel',
  'RequestExample',
  'ResponseExample',
  'Prompt',
  'View',
  'Visibility',
  'Color',
  'CodeBlock',
  'Heading',
  'GitHub',
  'Mention',
  'Timeline',
  'Popup',
  'PopupTrigger',
  'PopupContent',
  'Graph',
  // Mintlify pages can write `<Link href>` (Next.js's link, in scope on Mintlify) for an internal link.
  'Link',
] as const;

/** The name of a built-in component. */
export type BuiltinName = (typeof BUILTIN_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(BUILTIN_NAMES);

/** Whether `name` is a built-in component's name (`Note`, `CodeGroup`, ...). */
export function isBuiltinName(name: string): name is BuiltinName {
  return NAMES.has(name);
}
