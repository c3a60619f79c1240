/** HtmlService serving the built files of dist/ (`createHtmlOutputFromFile('Sidebar')` → dist/Sidebar.html). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gasError } from './errors';
import { ACCEPTS_PROPERTIES, GAS_TYPE, type GasObject } from './membrane';

export class FakeHtmlOutput implements GasObject {
  readonly [GAS_TYPE] = 'HtmlOutput';
  private title = '';
  private width?: number;
  private height?: number;

  constructor(private content = '') {}

  getContent(): string {
    return this.content;
  }

  setContent(content: string): FakeHtmlOutput {
    this.content = String(content);
    return this;
  }

  append(addedContent: string): FakeHtmlOutput {
    this.content += String(addedContent);
    return this;
  }

  getTitle(): string {
    return this.title;
  }

  setTitle(title: string): FakeHtmlOutput {
    this.title = String(title);
    return this;
  }

  getWidth(): number | undefined {
    return this.width;
  }

  setWidth(width: number): FakeHtmlOutput {
    this.width = width;
    return this;
  }

  getHeight(): number | undefined {
    return this.height;
  }

  setHeight(height: number): FakeHtmlOutput {
    this.height = height;
    return this;
  }

  /** Page options with no effect outside a browser. */
  setSandboxMode(): FakeHtmlOutput {
    return this;
  }

  setXFrameOptionsMode(): FakeHtmlOutput {
    return this;
  }

  addMetaTag(): FakeHtmlOutput {
    return this;
  }

  setFaviconUrl(): FakeHtmlOutput {
    return this;
  }
}

/** `<?= name ?>` (escaped) and `<?!= name ?>` (raw) printing template properties; no code scriptlets. */
export class FakeHtmlTemplate implements GasObject {
  readonly [GAS_TYPE] = 'HtmlTemplate';
  readonly [ACCEPTS_PROPERTIES] = true;
  [property: string]: unknown;

  constructor(private readonly source: string) {}

  getRawContent(): string {
    return this.source;
  }

  evaluate(): FakeHtmlOutput {
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const html = this.source.replace(/<\?(!?)=\s*([\w$.]+)\s*\?>/g, (_match, raw: string, name: string) => {
      const value = String(this[name] ?? '');
      return raw ? value : escape(value);
    });
    return new FakeHtmlOutput(html);
  }
}

export class FakeHtmlService implements GasObject {
  readonly [GAS_TYPE] = 'HtmlService';
  readonly SandboxMode = { IFRAME: 'IFRAME', NATIVE: 'NATIVE', EMULATED: 'EMULATED' };
  readonly XFrameOptionsMode = { ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' };

  constructor(private readonly distDir: string) {}

  createHtmlOutput(html = ''): FakeHtmlOutput {
    return new FakeHtmlOutput(String(html));
  }

  createHtmlOutputFromFile(filename: string): FakeHtmlOutput {
    return new FakeHtmlOutput(this.readProjectFile(filename));
  }

  createTemplate(html: string): FakeHtmlTemplate {
    return new FakeHtmlTemplate(String(html));
  }

  createTemplateFromFile(filename: string): FakeHtmlTemplate {
    return new FakeHtmlTemplate(this.readProjectFile(filename));
  }

  private readProjectFile(filename: string): string {
    const name = String(filename).replace(/\.html$/, '');
    const path = join(this.distDir, `${name}.html`);
    if (!existsSync(path)) throw gasError(`No HTML file named ${name} was found.`);
    return readFileSync(path, 'utf8');
  }
}
