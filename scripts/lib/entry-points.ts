/**
 * Reads src/index.ts with the TypeScript compiler and lists its exports with their parameter names
 * and JSDoc, so the build can write one top-level `function` stub per entry point (Apps Script only
 * sees top-level function declarations, and Sheets reads a custom function's JSDoc from there).
 */
import ts from 'typescript';

export interface EntryPoint {
  name: string;
  params: string[];
  /** The JSDoc block as written above the declaration, or '' when it has none. */
  jsdoc: string;
}

export function readEntryPoints(indexFile: string): EntryPoint[] {
  const program = ts.createProgram([indexFile], {
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(indexFile);
  if (!source) throw new Error(`Cannot read ${indexFile}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  return checker.getExportsOfModule(moduleSymbol).map((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration || !ts.isFunctionDeclaration(declaration)) {
      throw new Error(`src/index.ts exports ${exported.name}, which is not a function declaration`);
    }
    const params = declaration.parameters.map((param) => {
      if (!ts.isIdentifier(param.name))
        throw new Error(`${exported.name}: destructured parameters are not allowed`);
      return param.dotDotDotToken ? `...${param.name.text}` : param.name.text;
    });
    const file = declaration.getSourceFile();
    const jsdocs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
    const jsdoc = jsdocs.length ? file.text.slice(jsdocs[0]!.getStart(file), jsdocs[0]!.getEnd()) : '';
    return { name: exported.name, params, jsdoc };
  });
}

/** The stub Apps Script calls: forwards to the bundle's export of the same name. */
export function renderStub(entry: EntryPoint, globalName: string): string {
  const args = entry.params.map((p) => p.replace('...', ''));
  const call = entry.params.some((p) => p.startsWith('...'))
    ? `${globalName}.${entry.name}.apply(null, arguments)`
    : `${globalName}.${entry.name}(${args.join(', ')})`;
  const params = entry.params.map((p) => p.replace('...', '')).join(', ');
  const doc = entry.jsdoc ? `${entry.jsdoc.replace(/^[ \t]+/gm, ' ').replace(/^ \/\*\*/, '/**')}\n` : '';
  return `${doc}function ${entry.name}(${params}) {\n  return ${call};\n}\n`;
}
