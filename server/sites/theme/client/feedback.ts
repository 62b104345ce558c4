/**
 * Reader feedback: the page widget (thumbs -> optional comment + email -> thanks) and the per-code-block
 * form. Endpoints and bodies: server/sites/serve/FEEDBACK-API.md.
 */
import { FEEDBACK_URLS } from '../urls.js';
import { codeOf } from './copy.js';
import { el, pagePath, postJson } from './dom.js';
import { text } from './text.js';

/**
 * Where feedback goes: the site's own endpoints, or those of the collector of a static export bundle
 * (`<html data-op-feedback-collector="BASE">`: a site answering the same paths, e.g. `BASE/_offprint/feedback/vote`).
 */
function endpoint(name: keyof typeof FEEDBACK_URLS): string {
  const base = document.documentElement.dataset['opFeedbackCollector'];
  return base ? `${base.replace(/\/+$/, '')}${FEEDBACK_URLS[name]}` : FEEDBACK_URLS[name];
}

/**
 * What went wrong, for the error's tooltip: the reader sees the message in the page's language, while the
 * server's own words (English, from the API) stay at hand for whoever reports the problem.
 */
function failureDetail(cause: unknown): string {
  return cause instanceof Error ? cause.message : '';
}

interface Vote {
  readonly id: string;
  readonly token: string;
}

function initWidget(widget: HTMLElement): void {
  const form = widget.querySelector<HTMLFormElement>('[data-op-feedback-form]');
  const thanks = widget.querySelector<HTMLElement>('[data-op-feedback-thanks]');
  const error = widget.querySelector<HTMLElement>('[data-op-feedback-error]');
  const prompt = widget.querySelector<HTMLElement>('[data-op-feedback-prompt]');
  const buttons = Array.from(widget.querySelectorAll<HTMLButtonElement>('[data-op-vote]'));
  if (!form || !thanks || !error) return;
  let vote: Vote | null = null;
  let helpful = true;

  const showError = (message: string, cause: unknown): void => {
    error.textContent = message;
    error.title = failureDetail(cause);
    error.hidden = false;
  };
  const finish = (): void => {
    form.hidden = true;
    thanks.hidden = false;
    widget.dataset['state'] = 'done';
  };

  for (const button of buttons) {
    button.addEventListener('click', () => {
      if (vote !== null || widget.dataset['state'] === 'sending') return;
      helpful = button.dataset['opVote'] === 'yes';
      widget.dataset['state'] = 'sending';
      error.hidden = true;
      postJson<Vote>(endpoint('vote'), { path: widget.dataset['path'] ?? pagePath(), helpful })
        .then((stored) => {
          vote = stored;
          widget.dataset['state'] = 'voted';
          for (const b of buttons) {
            b.setAttribute('aria-pressed', b === button ? 'true' : 'false');
            b.disabled = true;
          }
          if (prompt) prompt.textContent = helpful ? text().likeWhat : text().improve;
          form.hidden = false;
          form.querySelector('textarea')?.focus();
        })
        .catch((e: unknown) => {
          delete widget.dataset['state'];
          showError(text().voteFailed, e);
        });
    });
  }

  widget.querySelector('[data-op-feedback-skip]')?.addEventListener('click', finish);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (vote === null) return;
    const comment = (form.elements.namedItem('comment') as HTMLTextAreaElement | null)?.value.trim() ?? '';
    const contact = (form.elements.namedItem('contact') as HTMLInputElement | null)?.value.trim() ?? '';
    if (comment === '' && contact === '') {
      finish();
      return;
    }
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    error.hidden = true;
    postJson<unknown>(endpoint('details'), {
      id: vote.id,
      token: vote.token,
      helpful,
      ...(comment ? { comment } : {}),
      ...(contact ? { contact } : {}),
    })
      .then(finish)
      .catch((e: unknown) => showError(text().feedbackFailed, e))
      .finally(() => {
        if (submit) submit.disabled = false;
      });
  });
}

function codeForm(block: HTMLElement, button: HTMLElement): HTMLFormElement {
  const form = el('form', 'op-code-feedback-form');
  const label = el('label', 'op-feedback-label', text().codeFeedbackPrompt);
  const area = el('textarea');
  area.name = 'comment';
  area.rows = 3;
  area.maxLength = 5000;
  area.required = true;
  area.id = `op-code-feedback-${Math.random().toString(36).slice(2)}`;
  label.htmlFor = area.id;
  const status = el('p', 'op-feedback-error');
  status.setAttribute('role', 'status');
  status.hidden = true;
  const actions = el('div', 'op-feedback-actions');
  const cancel = el('button', 'op-button op-button-ghost', text().cancel);
  cancel.type = 'button';
  const send = el('button', 'op-button op-button-primary', text().send);
  send.type = 'submit';
  actions.append(cancel, send);
  form.append(label, area, status, actions);
  cancel.addEventListener('click', () => {
    form.remove();
    button.setAttribute('aria-expanded', 'false');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const comment = area.value.trim();
    if (!comment) return;
    send.disabled = true;
    postJson<unknown>(endpoint('code'), {
      path: pagePath(),
      code: codeOf(block).slice(0, 8000),
      ...(block.dataset['filename'] ? { filename: block.dataset['filename'] } : {}),
      ...(block.dataset['lang'] ? { lang: block.dataset['lang'] } : {}),
      comment,
    })
      .then(() => {
        form.replaceChildren(el('p', 'op-feedback-thanks', text().codeFeedbackThanks));
        form.dataset['state'] = 'done';
        window.setTimeout(() => form.remove(), 4000);
      })
      .catch((e: unknown) => {
        status.textContent = text().feedbackFailed;
        status.title = failureDetail(e);
        status.hidden = false;
        send.disabled = false;
      });
  });
  return form;
}

/** Wires the page widget and the code-block feedback buttons. */
export function initFeedback(): void {
  document.querySelectorAll<HTMLElement>('[data-op-feedback]').forEach(initWidget);
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-op-code-feedback]');
    const block = button?.closest<HTMLElement>('[data-op-code]');
    if (!button || !block) return;
    const open = block.querySelector<HTMLFormElement>(':scope > .op-code-feedback-form');
    if (open) {
      open.remove();
      button.setAttribute('aria-expanded', 'false');
      return;
    }
    const form = codeForm(block, button);
    block.append(form);
    button.setAttribute('aria-expanded', 'true');
    form.querySelector('textarea')?.focus();
  });
}
