/**
 * verify.html's stylesheet: system fonts, one readable column from 390px phones to desktop widths,
 * light and dark from `prefers-color-scheme`, text contrast of at least 4.5:1 in both, a visible focus
 * ring, and verdict colours that never carry meaning alone (the verdict is also an icon and a word).
 */
export const VERIFY_CSS = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1b1f; --muted: #4f4f58; --line: #d4d4d8; --panel: #f6f6f7;
  --accent: #1f4fd1; --on-accent: #ffffff; --ok-bg: #e7f6ec; --ok-line: #1a7f37; --ok-fg: #0f5323;
  --bad-bg: #fdeceb; --bad-line: #c62828; --bad-fg: #8e1b1b; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #121214; --fg: #ececf1; --muted: #b4b4bd; --line: #3f3f46; --panel: #1c1c20; --accent: #7ea2ff;
    --on-accent: #0b0b0f; --ok-bg: #0f2a19; --ok-line: #3fb964; --ok-fg: #b5f5cb; --bad-bg: #351414;
    --bad-line: #f0625c; --bad-fg: #ffd2d2; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 .5rem; }
h2 { font-size: 1.2rem; line-height: 1.3; margin: 0; }
h3 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
p { margin: .5rem 0; }
.lead, .hint { color: var(--muted); }
.hint { font-size: .9rem; margin: .25rem 0 .5rem; }
code, .mono, input#fp { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code, .mono { overflow-wrap: anywhere; }
code.fp, #fp-named { white-space: nowrap; }
form, #pick { margin: 1.25rem 0; padding: 1rem; border: 1px solid var(--line); border-radius: .5rem; background: var(--panel); }
label { font-weight: 600; display: block; }
label.second { margin-top: .75rem; }
.optional { font-weight: 400; color: var(--muted); }
.row { display: flex; flex-wrap: wrap; gap: .5rem; }
input#fp { flex: 1 1 14rem; min-width: 0; min-height: 2.75rem; padding: .5rem .75rem; font-size: 1rem; letter-spacing: .04em;
  color: var(--fg); background: var(--bg); border: 1px solid var(--muted); border-radius: .375rem; }
button, input[type=file]::file-selector-button { min-height: 2.75rem; padding: .5rem 1.25rem; font: inherit; font-weight: 600;
  color: var(--on-accent); background: var(--accent); border: 0; border-radius: .375rem; cursor: pointer; }
input[type=file] { max-width: 100%; color: var(--fg); }
input[type=file]::file-selector-button { margin-right: .75rem; }
button:disabled { opacity: .6; cursor: progress; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.drop { margin-top: .75rem; padding: 1rem; border: 2px dashed var(--line); border-radius: .5rem; }
.drop.over { border-color: var(--accent); }
#status { min-height: 1.5rem; }
progress { width: 100%; height: .75rem; accent-color: var(--accent); }
.verdict { display: flex; gap: .75rem; align-items: flex-start; padding: 1rem; border: 2px solid; border-radius: .5rem; }
.verdict.ok { background: var(--ok-bg); border-color: var(--ok-line); color: var(--ok-fg); }
.verdict.bad { background: var(--bad-bg); border-color: var(--bad-line); color: var(--bad-fg); }
.verdict h2 { overflow-wrap: anywhere; }
.verdict h2:focus { outline: none; }
.verdict p:empty { display: none; }
.icon { flex: none; width: 2rem; height: 2rem; border-radius: 50%; display: grid; place-items: center; font-size: 1.2rem;
  font-weight: 700; color: var(--bg); }
.ok .icon { background: var(--ok-line); }
.bad .icon { background: var(--bad-line); }
.facts { margin: 1rem 0 0; }
.facts div { display: grid; grid-template-columns: 10rem 1fr; gap: .75rem; padding: .5rem 0; border-bottom: 1px solid var(--line); }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.problems ul { padding-left: 1.25rem; margin: 0; }
.problems li { margin: .25rem 0; overflow-wrap: anywhere; }
details { margin-top: 2rem; color: var(--muted); }
summary { cursor: pointer; font-weight: 600; }
@media (max-width: 560px) {
  h1 { font-size: 1.35rem; }
  .facts div { grid-template-columns: 1fr; gap: 0; }
}
`;
