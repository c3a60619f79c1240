/**
 * The menu bar: Google Sheets' menus for the look, with Edit › Delete selected rows, and
 * Extensions › <add-on> listing the items the add-on's onOpen registered. Choosing one runs its
 * handler like Sheets does.
 */
import type { MenuView } from '../protocol';

const LOOK_ONLY = ['View', 'Insert', 'Format', 'Data', 'Tools'];

export function renderMenubar(
  bar: HTMLElement,
  menus: MenuView[],
  choose: (item: MenuView['items'][number]) => void,
  deleteRows: () => void,
): void {
  const extensions = button('Extensions', 'menu-top');
  extensions.setAttribute('aria-haspopup', 'menu');
  extensions.setAttribute('aria-expanded', 'false');
  const dropdown = element('div', 'menu');
  dropdown.setAttribute('role', 'menu');
  dropdown.hidden = true;

  for (const menu of menus) {
    const host = element('div', 'submenu-host');
    const opener = button(`${menu.title}`, 'menu-item has-submenu');
    opener.setAttribute('role', 'menuitem');
    opener.setAttribute('aria-haspopup', 'menu');
    const submenu = element('div', 'menu submenu');
    submenu.setAttribute('role', 'menu');
    submenu.setAttribute('aria-label', menu.title);
    for (const item of menu.items) {
      const entry = button(item.label, 'menu-item');
      entry.setAttribute('role', 'menuitem');
      entry.addEventListener('click', () => {
        close();
        choose(item);
      });
      submenu.appendChild(entry);
    }
    opener.addEventListener('click', () => host.classList.toggle('open'));
    opener.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowRight') return;
      host.classList.add('open');
      submenu.querySelector('button')?.focus();
    });
    host.append(opener, submenu);
    dropdown.appendChild(host);
  }
  if (menus.length === 0)
    dropdown.appendChild(element('div', 'menu-empty', 'No add-on menu (onOpen did not run).'));

  function close(): void {
    dropdown.hidden = true;
    extensions.setAttribute('aria-expanded', 'false');
    dropdown.querySelectorAll('.open').forEach((host) => host.classList.remove('open'));
  }

  extensions.addEventListener('click', (event) => {
    event.stopPropagation();
    const opening = dropdown.hidden;
    close();
    dropdown.hidden = !opening;
    extensions.setAttribute('aria-expanded', String(opening));
    if (opening) dropdown.querySelector('button')?.focus();
  });
  dropdown.addEventListener('click', (event) => event.stopPropagation());
  dropdown.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      close();
      extensions.focus();
    }
  });
  document.addEventListener('click', close);

  const extensionsHost = element('div', 'menu-host');
  extensionsHost.append(extensions, dropdown);
  bar.replaceChildren(
    element('span', 'menu-top inert', 'File'),
    editMenu(deleteRows),
    ...LOOK_ONLY.map((label) => element('span', 'menu-top inert', label)),
    extensionsHost,
    element('span', 'menu-top inert', 'Help'),
  );
}

/** Edit › Delete selected rows (Sheets: Edit › Delete › Rows), the one Edit item the playground needs. */
function editMenu(deleteRows: () => void): HTMLElement {
  const top = button('Edit', 'menu-top');
  top.setAttribute('aria-haspopup', 'menu');
  const dropdown = element('div', 'menu');
  dropdown.setAttribute('role', 'menu');
  dropdown.hidden = true;
  const item = button('Delete selected rows', 'menu-item');
  item.setAttribute('role', 'menuitem');
  item.addEventListener('click', () => {
    dropdown.hidden = true;
    deleteRows();
  });
  dropdown.appendChild(item);
  top.addEventListener('click', (event) => {
    event.stopPropagation();
    dropdown.hidden = !dropdown.hidden;
  });
  document.addEventListener('click', () => (dropdown.hidden = true));
  const host = element('div', 'menu-host');
  host.append(top, dropdown);
  return host;
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

function button(label: string, className: string): HTMLButtonElement {
  const node = element('button', className, label) as HTMLButtonElement;
  node.type = 'button';
  return node;
}
