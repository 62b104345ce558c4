/**
 * A docs project for the theme's rendering details (issue 11, point 5): inline code in narrow table cells,
 * content emoji, `<Color>` swatches, Markdown in descriptions, and a navigation long enough that the
 * phone drawer has to scroll to the current page.
 */
import { docsJson, writeProject } from './siteProjects.js';

/** Pages of the long group: the last one is far below the first screen of the phone drawer. */
const FILLER = Array.from({ length: 28 }, (_, i) => `reference/topic-${String(i + 1).padStart(2, '0')}`);

/** The page whose table has inline code in narrow cells. */
export const TABLE_PAGE = '/';
/** The page with emoji in its title, headings, prose and code. */
export const EMOJI_PAGE = '/emoji';
/** The page with `<Color>` swatches. */
export const COLOR_PAGE = '/colors';
/** The last page of the long group (its sidebar entry is far down). */
export const DEEP_PAGE = `/${FILLER[FILLER.length - 1] ?? ''}`;

const TABLE = `---
title: Options
description: Every **option** of the \`Inbox\` component, see [the guide](/emoji).
---

## Props

| Prop | Type | Default | Description |
| --- | --- | --- | --- |
| \`applicationIdentifier\` | \`string\` | \`undefined\` | The identifier of the application that the inbox belongs to, from the dashboard. |
| \`subscriberHash\` | \`string \\| undefined\` | \`null\` | HMAC of the subscriber id, required when HMAC encryption is enabled for the environment. |
| \`onNotificationClick\` | \`(notification: Notification) => void\` | \`() => {}\` | Called when a reader clicks a notification in the list. |
| \`preferencesFilter\` | \`PreferencesFilter\` | \`{ tags: [] }\` | Which workflows the preferences page shows. |

## Session options

| Option | Type | Description | Default |
| --- | --- | --- | --- |
| \`context_overflow\` | \`truncate\` \\| \`adaptive\` \\| \`None\` | Strategy for handling context overflow: \`truncate\` cuts off the oldest context; \`adaptive\` adjusts it dynamically | \`None\` |
| \`recall\` | \`boolean\` | Whether the session recalls earlier documents | \`true\` |

### PCC_IMAGE_PULL_UNAUTHORIZED_FOR_THE_PRIVATE_REGISTRY

An error code as a heading: one long word, with no place to break it (pipecat's error-codes page).
`;

const EMOJI = `---
title: Release notes 🚀
description: What shipped 🎉
---

## 🎉 Celebrate

Shipped ✅ and not broken ❌. Edit it ✏️ with care ⚠️. Family: 👨‍👩‍👧 and flag 🇺🇸. Plain arrow ↔ and ©.

\`\`\`bash
echo "✅ done"
\`\`\`

<Prompt description="Ask an assistant">Summarise the **release** 🚀 notes</Prompt>

<Prompt description="A prompt written as Markdown (Mintlify's docs example)" icon="pencil">
# Tailwind CSS Expert

You are a **Tailwind CSS expert**.  
**Rule #1:** Prefer utilities.  
**Rule #2:** Tokens go in the config.
</Prompt>
`;

const COLORS = `---
title: Colors
---

## Compact

<Color variant="compact">
  <Color.Item name="blue-500" value="#3B82F6" />
  <Color.Item name="blue-600" value="#2563EB" />
  <Color.Item name="blue-700" value="#1D4ED8" />
  <Color.Item name="blue-800" value="#1E40AF" />
</Color>

## Table

<Color variant="table">
  <Color.Row title="Primary">
    <Color.Item name="primary-500" value="#3B82F6" />
    <Color.Item name="primary-600" value="#2563EB" />
    <Color.Item name="primary-700" value="#1D4ED8" />
  </Color.Row>
  <Color.Row title="Secondary">
    <Color.Item name="secondary-500" value="#8B5CF6" />
    <Color.Item name="secondary-600" value={{ light: "#7C3AED", dark: "#A78BFA" }} />
  </Color.Row>
</Color>
`;

/** Writes the project into a new temp folder and returns its path. */
export function detailsProject(): string {
  const files: Record<string, unknown> = {
    'docs.json': docsJson({
      name: 'Details Docs',
      favicon: '/favicon.svg',
      navbar: { links: [{ label: 'Support', href: 'https://example.org/support' }] },
      navigation: {
        tabs: [
          {
            tab: 'Guides',
            groups: [
              { group: 'Start', pages: ['index', 'emoji', 'colors'] },
              { group: 'Reference', pages: FILLER },
            ],
          },
          { tab: 'Changelog', href: 'https://example.org/changelog' },
        ],
      },
    }),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
    'index.mdx': TABLE,
    'emoji.mdx': EMOJI,
    'colors.mdx': COLORS,
  };
  for (const page of FILLER) {
    files[`${page}.mdx`] = `---\ntitle: Topic ${page.slice(-2)}\n---\n\nAbout topic ${page.slice(-2)}.\n`;
  }
  return writeProject(files);
}
