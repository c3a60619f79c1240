/**
 * Every repository path a comment names exists: a comment that sends the reader to a file that
 * has moved is a stale map (issue 31 found eight). Scans the comments of
 * the code in src/, dev/, scripts/, sidebar/ and test/ (read with TypeScript's scanner, so a path
 * in a string, test data, is not a comment) and the text of README.md and docs/*.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '../../..');
const FOLDERS = ['src', 'dev', 'scripts', 'sidebar', 'test'];
/** Generated, git-ignored output. */
const SKIPPED = new Set(['node_modules', 'dist', 'artifacts']);

/**
 * `src/app/menu.ts`, `dev/emulator`, `docs/deploy.md`; not a pattern (`src/**`, `formula-{run,auto}`,
 * `src/…/x.ts`), which names no one file.
 */
const PATH = /(?<![\w./-])((?:src|dev|scripts|sidebar|test|docs|examples)\/[\w./-]*)(.?)/g;
/** A path's end: the punctuation of the sentence it ends is not part of it. */
const TRAILING = /[./-]+$/;

function filesUnder(dir: string, suffix: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return suffix.test(entry.name) ? [path] : [];
  });
}

/** The text of every comment in a TypeScript or JavaScript file. */
function commentsOf(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const comments: string[] = [];
  // The scanner cannot tell a regular expression from a division without the parser's context; a
  // slash read as a division only costs a comment-free stretch, never a string read as a comment.
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia)
      comments.push(scanner.getTokenText());
    else if (token === ts.SyntaxKind.SlashToken || token === ts.SyntaxKind.SlashEqualsToken)
      scanner.reScanSlashToken();
    else if (token === ts.SyntaxKind.CloseBraceToken) scanner.reScanTemplateToken(false);
  return comments;
}

/** What .gitignore names (`examples/*.people.csv`, `dist/`): output a command writes, not a file of the repository. */
const IGNORED = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((glob) => {
    const pattern = glob
      .replace(/\/$/, '')
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*');
    return new RegExp(`^(.*/)?${pattern}(/|$)`);
  });

/**
 * A bare file name (`formula-run.ts`, `deploy.md`): not a path, but a comment naming a file that is
 * gone sends the reader nowhere all the same (issue 40 found nine).
 */
const BARE = /(?<![\w./*-])(\w[\w-]*\.(?:ts|cjs|mjs|md))(?![\w/-])/g;

/** The names of every file of the repository (the git-ignored output aside). */
const NAMES = new Set(
  ['.', ...FOLDERS, 'docs'].flatMap((folder) =>
    folder === '.'
      ? readdirSync(root)
      : filesUnder(join(root, folder), /./).map((path) => path.slice(path.lastIndexOf('/') + 1)),
  ),
);

function missingPaths(file: string, texts: string[]): string[] {
  return texts.flatMap((text) => [
    ...[...text.matchAll(PATH)]
      .filter((match) => !'{*…'.includes(match[2]!) || match[2] === '')
      .map((match) => match[1]!.replace(TRAILING, ''))
      .filter((path) => !existsSync(join(root, path)) && !IGNORED.some((ignored) => ignored.test(path)))
      .map((path) => `${relative(root, file)}: ${path}`),
    ...[...text.matchAll(BARE)]
      .map((match) => match[1]!)
      .filter((name) => !NAMES.has(name))
      .map((name) => `${relative(root, file)}: ${name}`),
  ]);
}

describe('paths named in comments', () => {
  it('finds a comment’s path, not a string’s or a pattern', () => {
    const text = [
      '// see src/app/menu.ts and src/gone.ts; not src/**/*.ts or src/engine/formula-{run,auto}.ts',
      "const data = 'src/not-a-comment.ts'; const ratio = 2 / 3; /* docs/deploy.md */",
      'const template = `${1}`; // dev/emulator',
    ].join('\n');
    expect(missingPaths('x.ts', commentsOf(text))).toEqual(['x.ts: src/gone.ts']);
  });

  it('finds a bare file name that names no file, and not one that does', () => {
    const text = '// see run-end.ts and formula-gone.ts (not *-rpc.ts, a pattern)';
    expect(missingPaths('x.ts', commentsOf(text))).toEqual(['x.ts: formula-gone.ts']);
  });

  it('names only paths that exist', () => {
    const code = FOLDERS.flatMap((folder) => filesUnder(join(root, folder), /\.(ts|cjs|mjs|js)$/));
    const docs = [join(root, 'README.md'), ...filesUnder(join(root, 'docs'), /\.md$/)];
    expect(code.length).toBeGreaterThan(300);
    const missing = [
      ...code.flatMap((file) => missingPaths(file, commentsOf(readFileSync(file, 'utf8')))),
      ...docs.flatMap((file) => missingPaths(file, [readFileSync(file, 'utf8')])),
    ];
    expect(missing).toEqual([]);
  });
});
