/** Busy buttons and notices: how every panel shows that a call is in flight and how it ended. */
import { fill, h, reveal, uniqueId } from './dom';
import { plainMessage } from './server';

export type NoticeKind = 'info' | 'ok' | 'warn' | 'error';

export interface Notice {
  element: HTMLDivElement;
  show(kind: NoticeKind, ...lines: string[]): void;
  clear(): void;
}

/** A message line under a form; errors are announced to screen readers at once. */
export function createNotice(): Notice {
  const element = h('div', { class: 'notice', hidden: true });
  return {
    element,
    show(kind, ...lines) {
      element.className = `notice notice-${kind}`;
      element.setAttribute('role', kind === 'error' ? 'alert' : 'status');
      fill(element, ...lines.map((line) => h('p', {}, line)));
      element.hidden = false;
    },
    clear() {
      element.hidden = true;
      element.replaceChildren();
    },
  };
}

/**
 * Runs `work` with the button disabled and relabelled, so a second click cannot submit twice.
 * Returns false when the button was already busy (the click is ignored).
 */
export async function runBusy(
  button: HTMLButtonElement,
  busyLabel: string,
  work: () => Promise<void>,
): Promise<boolean> {
  if (button.dataset.busy === 'true') return false;
  const idleLabel = button.textContent ?? '';
  const wasDisabled = button.disabled;
  button.dataset.busy = 'true';
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  button.textContent = busyLabel;
  try {
    await work();
  } finally {
    button.dataset.busy = 'false';
    button.removeAttribute('aria-busy');
    button.textContent = idleLabel;
    button.disabled = wasDisabled;
  }
  return true;
}

/** A button whose click runs an async action; a failure lands in the notice in plain words. */
export function actionButton(
  label: string,
  busyLabel: string,
  options: { primary?: boolean; notice: Notice; run: () => Promise<void> },
): HTMLButtonElement {
  const button = h('button', { type: 'button', class: options.primary ? 'action' : '' }, label);
  button.addEventListener('click', () => {
    void runBusy(button, busyLabel, async () => {
      try {
        await options.run();
      } catch (error) {
        options.notice.show('error', plainMessage(error));
      }
    });
  });
  return button;
}

/** Whether a question (askInline) is open in `root`: redrawing it then would take it from the user. */
export const questionOpen = (root: Element): boolean => !!root.querySelector('.confirm:not([hidden])');

/**
 * An inline question under `where` with a primary answer and a way out (replacing an earlier one):
 * the answer runs once, its failure is said in the box, and the box goes when it succeeds. The box
 * is scrolled into view with the focus on its answer; when it goes, the focus returns to `opener`
 * (the button that asked), or to `where` when the opener is gone.
 */
export function askInline(
  where: HTMLElement,
  question: string,
  yes: string,
  no: string,
  action: () => Promise<void>,
  opener?: HTMLElement,
): void {
  const notice = createNotice();
  const yesButton = h('button', { type: 'button', class: 'action' }, yes);
  const questionId = uniqueId('question');
  const close = (): void => {
    const hadFocus = box.contains(document.activeElement);
    box.remove();
    if (!hadFocus) return;
    if (opener?.isConnected && !opener.closest('[hidden]')) opener.focus();
    else reveal(where);
  };
  const box = h(
    'div',
    { class: 'confirm', role: 'group', 'aria-labelledby': questionId },
    h('p', { id: questionId }, question),
    h('div', { class: 'buttons' }, yesButton, h('button', { type: 'button', onclick: close }, no)),
    notice.element,
  );
  box.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  yesButton.addEventListener(
    'click',
    () =>
      void runBusy(yesButton, 'Working…', async () => {
        try {
          await action();
          close();
        } catch (error) {
          notice.show('error', plainMessage(error));
        }
      }),
  );
  where.querySelector(':scope > .confirm')?.remove();
  where.append(box);
  reveal(box, yesButton);
}
