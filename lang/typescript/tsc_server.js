'use strict';
/*
 * Why this exists: starting `tsc` costs ~2.3 s (loading the compiler and parsing the standard
 * library) even for a one-line file, and the cross-file workflow checks every file of a
 * repository several times (original, imports removed, dummy classes, extra rounds). This helper
 * keeps one TypeScript language service per project alive in one Node process and checks a
 * file's *substituted* text in memory: only the changed file is re-parsed, the standard library
 * and the other project files are reused.
 *
 * Protocol (one JSON object per line on stdin, one JSON answer per line on stdout):
 *   {"op": "hello"}
 *       -> {"ok": true, "version": "<typescript version>"}
 *   {"op": "project", "id": "<id>", "root": "<abs dir>", "files": ["<abs>", ...],
 *    "options": {<compilerOptions as in tsconfig.json, paths already absolute>}}
 *       -> {"ok": true, "option_errors": ["..."]}
 *   {"op": "check", "project": "<id>", "file": "<abs>", "text": "<substituted text>" | null}
 *       -> {"ok": true, "diagnostics": [{"line", "column", "end_line", "end_column",
 *            "code", "category", "message"}], "excluded": ["<abs>", ...], "elapsed_ms": n}
 *          "excluded": files just left out of the project because parsing them overflows the
 *          compiler's stack (a stack overflow while checking makes the helper parse each file
 *          alone, drop the culprits and check again); when the checked file is one of them:
 *          {"ok": false, "error": "stack_overflow: ...", "excluded": [...]}
 *   {"op": "locate", "project": "<id>", "file": "<abs>",
 *    "queries": [{"kind": "definition" | "references", "line": l, "column": c}, ...]}
 *       -> {"ok": true, "answers": [[{"file", "line", "column", "name", "container"}, ...], ...]}
 *          on the text on disk (no substitution): "definition" gives where the identifier at
 *          (l, c) is declared; "references" gives the other references to it in the same file
 *          (declarations excluded). Used to name the class that really declares a member
 *          reached through an alias, and to find uses of an imported name that shadows a
 *          global of the library (removing its import does not make its uses errors).
 *   {"op": "files", "root": "<abs dir>", "files": {"<abs>": "<text>", ...}}
 *       -> {"ok": true}   (seals root: from now on, a file under root exists only when it is
 *          one of these texts, the files the builder's walker accepted; nothing under root is
 *          read from disk, so a FIFO, a link to /dev/zero or an unreadable file the walker
 *          refused is never opened by module resolution either. Outside every sealed root only
 *          TypeScript's own package (its lib files) is read; anything else that exists there is refused and
 *          listed once in the next check's or locate's "refused": ["<abs>", ...])
 *   {"op": "forget", "prefix": "<project id prefix>", "root": "<abs dir>"}
 *       -> {"ok": true, "dropped": n}   (projects with that id prefix are disposed and the
 *          files and the seal of root dropped, so one process can serve many repositories)
 *   unknown project -> {"ok": false, "error": "unknown_project"} (the client re-sends "project")
 *   any failure     -> {"ok": false, "error": "<message>"}
 * Lines are 1-based, columns 0-based UTF-16 code units (TypeScript's own positions); the
 * Python client converts them to character columns. Only diagnostics located in the checked
 * file are returned: the workflow compares one file's diagnostics before and after stubbing.
 */

const path = require('path');
const fs = require('fs');
const readline = require('readline');

const tsDir = process.env.CROSSFILE_TYPESCRIPT_DIR || path.join(__dirname, 'node_modules', 'typescript');
const ts = require(tsDir);

const registry = ts.createDocumentRegistry();
const projects = new Map();
// File texts, shared by all projects of this process: under a sealed root, the texts the builder
// sent (never the disk); elsewhere, TypeScript's own library files read from disk once.
const diskCache = new Map();
const sealed = new Map(); // sealed root (ends with path.sep) -> Set of its folders holding a sent file
// TypeScript's own package: its lib files, and its package.json (the module format of a lib file)
const libDir = withSep(path.dirname(path.dirname(ts.getDefaultLibFilePath({}))));
const libDirReal = withSep(fs.realpathSync(libDir));
let refused = []; // files asked for outside every sealed root and the library, not yet reported
const refusedSeen = new Set();

function withSep(dir) {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}

function sealedRoot(fileName) {
  for (const root of sealed.keys()) {
    if (fileName.startsWith(root) || fileName + path.sep === root) return root;
  }
  return null;
}

function inLibrary(fileName) {
  return fileName.startsWith(libDir) || fileName.startsWith(libDirReal);
}

function refuse(fileName) {
  if (refusedSeen.has(fileName)) return;
  try {
    if (fs.lstatSync(fileName).isDirectory()) return; // never opened: lstat does not block
  } catch (e) {
    return; // nothing there: an ordinary probe of module resolution
  }
  refusedSeen.add(fileName);
  refused.push(fileName);
}

function readDisk(fileName) {
  if (diskCache.has(fileName)) return diskCache.get(fileName);
  if (sealedRoot(fileName) !== null) return undefined; // not a file the walker accepted
  if (!inLibrary(fileName)) {
    refuse(fileName);
    return undefined;
  }
  let text;
  try {
    text = fs.readFileSync(fileName, 'utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  } catch (e) {
    text = undefined;
  }
  diskCache.set(fileName, text);
  return text;
}

function directoryExists(dir) {
  const root = sealedRoot(dir);
  if (root !== null) return sealed.get(root).has(withSep(dir));
  // outside: the real answer (a stat opens nothing), so a file resolution wants there is asked
  // for, refused and reported rather than silently never seen
  return ts.sys.directoryExists(dir);
}

function getDirectories(dir) {
  const root = sealedRoot(dir);
  if (root === null) return inLibrary(withSep(dir)) ? ts.sys.getDirectories(dir) : [];
  const prefix = withSep(dir);
  const out = new Set();
  for (const folder of sealed.get(root)) {
    if (folder.length > prefix.length && folder.startsWith(prefix)) out.add(folder.slice(prefix.length).split(path.sep)[0]);
  }
  return Array.from(out);
}

function seal(root, files) {
  const under = withSep(root);
  const folders = new Set([under]);
  for (const [fileName, text] of Object.entries(files)) {
    if (!fileName.startsWith(under)) continue;
    diskCache.set(fileName, text);
    for (let dir = path.dirname(fileName); withSep(dir).startsWith(under) && !folders.has(withSep(dir)); dir = path.dirname(dir)) {
      folders.add(withSep(dir));
    }
  }
  sealed.set(under, folders);
}

function drainRefused() {
  const out = refused;
  refused = [];
  return out;
}

class Project {
  constructor(root, files, rawOptions) {
    this.root = root;
    this.files = files.slice();
    const converted = ts.convertCompilerOptionsFromJson(rawOptions || {}, root);
    this.optionErrors = converted.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    // Never emit anything and never build referenced projects: we only want diagnostics.
    this.options = Object.assign({}, converted.options, { noEmit: true, composite: false, incremental: false });
    delete this.options.tsBuildInfoFile;
    delete this.options.declaration;
    delete this.options.emitDeclarationOnly;
    this.overrides = new Map(); // abs file -> substituted text
    // Files whose parsing overflows the compiler's stack (thousands of nested parentheses):
    // left out of the program, else every check of the project fails with them.
    this.excluded = new Set();
    this.versions = new Map(); // abs file -> version (bumped whenever its text changes)
    const project = this;
    const host = {
      getScriptFileNames: () => project.files.filter((f) => !project.excluded.has(f)),
      getScriptVersion: (f) => String(project.versions.get(f) || 0),
      getScriptSnapshot: (f) => {
        if (project.excluded.has(f)) return undefined;
        const text = project.overrides.has(f) ? project.overrides.get(f) : readDisk(f);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => root,
      getCompilationSettings: () => project.options,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: (f) => !project.excluded.has(f) && (project.overrides.has(f) || readDisk(f) !== undefined),
      readFile: (f) => (project.overrides.has(f) ? project.overrides.get(f) : readDisk(f)),
      // the builder lists the project's files itself: no folder is ever read for them
      readDirectory: () => [],
      directoryExists,
      getDirectories,
      realpath: (f) => f, // links are the walker's business: it accepted none
      useCaseSensitiveFileNames: () => true,
    };
    this.service = ts.createLanguageService(host, registry);
  }

  setText(fileName, text) {
    // The text on disk is never an override: checking an unmodified file reuses the program.
    const disk = readDisk(fileName);
    const wanted = text === null || text === undefined || text === disk ? null : text;
    const current = this.overrides.has(fileName) ? this.overrides.get(fileName) : null;
    if (wanted === current) return;
    if (wanted === null) this.overrides.delete(fileName);
    else this.overrides.set(fileName, wanted);
    this.versions.set(fileName, (this.versions.get(fileName) || 0) + 1);
  }

  isolate() {
    // Parse each file alone: those that overflow the stack are excluded (returned).
    const found = [];
    const candidates = new Set(this.files.concat(Array.from(this.overrides.keys())));
    for (const f of candidates) {
      if (this.excluded.has(f)) continue;
      const text = this.overrides.has(f) ? this.overrides.get(f) : readDisk(f);
      if (text === undefined) continue;
      try {
        ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        this.excluded.add(f);
        this.versions.set(f, (this.versions.get(f) || 0) + 1);
        found.push(f);
      }
    }
    return found;
  }

  check(fileName, text) {
    // Only one file is ever substituted: restore every other file first.
    for (const other of Array.from(this.overrides.keys())) {
      if (other !== fileName) this.setText(other, null);
    }
    this.setText(fileName, text);
    if (!this.files.includes(fileName)) this.files.push(fileName);
    const syntactic = this.service.getSyntacticDiagnostics(fileName);
    const semantic = this.service.getSemanticDiagnostics(fileName);
    return syntactic.concat(semantic).map(toRecord);
  }
}

// The key of an object literal given to a parameter whose type is a type parameter
// (`<P extends Options>(options: P)`) is declared by the literal itself once P is inferred: the
// service answers with the key. The constraint's property is what the key fills: the contextual
// type without inference from the literal (as completions see it) declares it.
function literalKey(source, position) {
  const token = ts.getTokenAtPosition ? ts.getTokenAtPosition(source, position) : undefined;
  const prop = token && token.parent;
  if (!prop || !ts.isIdentifier(token) || prop.name !== token) return undefined;
  if (!ts.isPropertyAssignment(prop) && !ts.isShorthandPropertyAssignment(prop) && !ts.isMethodDeclaration(prop)) {
    return undefined;
  }
  return prop.parent && ts.isObjectLiteralExpression(prop.parent) ? token : undefined;
}

function constraintProperty(program, source, position) {
  const token = literalKey(source, position);
  if (!token) return [];
  const literal = token.parent.parent;
  const checker = program.getTypeChecker();
  const type = checker.getContextualType(literal, ts.ContextFlags ? ts.ContextFlags.Completions : 4);
  if (!type) return [];
  const symbol = checker.getPropertyOfType(checker.getApparentType(type), token.text);
  const out = [];
  for (const decl of (symbol && symbol.declarations) || []) {
    const sf = decl.getSourceFile();
    const name = decl.name || decl;
    const parent = decl.parent && decl.parent.parent;
    const container = parent && parent.name && ts.isIdentifier(parent.name) ? parent.name.text : '';
    out.push({ file: sf.fileName, start: name.getStart(sf), name: token.text, container });
  }
  return out;
}

// A member of a mapped type over a union of keys (`LogLevels: Record<LogType, number>`,
// `colors as Record<keyof typeof colorDefs, F>`) has no declaration node, so the service answers
// nothing for `LogLevels.debug`. The project declares the key all the same: in the receiver's own
// object literal (`LogLevels = { debug: 4 }`), else in the key type's text (`type LogType =
// "debug" | ...`, the property `gray` of `colorDefs` for `keyof typeof colorDefs`).
const MAX_KEY_DEPTH = 8;

// `(x)`, `x as T`, `<T>x`, `x satisfies T`: the same value, maybe with a written type
function isWrapper(node) {
  return ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)
    || Boolean(ts.isSatisfiesExpression && ts.isSatisfiesExpression(node));
}

function unwrapExpression(node) {
  while (node && isWrapper(node)) node = node.expression;
  return node;
}

function keyInInitializer(node, name) {
  node = unwrapExpression(node);
  if (!node) return undefined;
  if (ts.isObjectLiteralExpression(node)) {
    for (const p of node.properties) {
      if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) return p.name;
    }
  } else if (ts.isArrayLiteralExpression(node)) {
    for (const e of node.elements) if (ts.isStringLiteral(e) && e.text === name) return e;
  }
  return undefined;
}

function firstHit(items, find) {
  for (const item of items) {
    const hit = find(item);
    if (hit) return hit;
  }
  return undefined;
}

// the type alias declarations a written type name refers to (`LogType`, an imported alias too)
function aliasDeclarations(checker, typeName) {
  let symbol = checker.getSymbolAtLocation(typeName);
  if (symbol && (symbol.flags & ts.SymbolFlags.Alias)) symbol = checker.getAliasedSymbol(symbol);
  return ((symbol && symbol.declarations) || []).filter(ts.isTypeAliasDeclaration);
}

function valueDeclarationOf(checker, node) {
  let symbol = node && checker.getSymbolAtLocation(node);
  if (symbol && (symbol.flags & ts.SymbolFlags.Alias)) symbol = checker.getAliasedSymbol(symbol);
  return symbol && symbol.valueDeclaration;
}

function keyInTypeNode(checker, node, name, depth) {
  if (!node || depth > MAX_KEY_DEPTH) return undefined;
  if (ts.isLiteralTypeNode(node)) {
    return ts.isStringLiteral(node.literal) && node.literal.text === name ? node.literal : undefined;
  }
  if (ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node)) {
    return firstHit(node.types, (t) => keyInTypeNode(checker, t, name, depth + 1));
  }
  if (ts.isParenthesizedTypeNode(node)) return keyInTypeNode(checker, node.type, name, depth + 1);
  if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.KeyOfKeyword) {
    const operand = checker.getTypeFromTypeNode(node.type);
    const prop = operand && checker.getPropertyOfType(operand, name);
    const decl = prop && prop.declarations && prop.declarations[0];
    return decl ? (decl.name || decl) : undefined;
  }
  let object = ts.isIndexedAccessTypeNode(node) ? node.objectType : undefined;
  while (object && ts.isParenthesizedTypeNode(object)) object = object.type;
  if (object && ts.isTypeQueryNode(object)) {
    const decl = valueDeclarationOf(checker, object.exprName);
    return decl && ts.isVariableDeclaration(decl) ? keyInInitializer(decl.initializer, name) : undefined;
  }
  if (ts.isTypeReferenceNode(node)) {
    return firstHit(aliasDeclarations(checker, node.typeName), (d) => keyInTypeNode(checker, d.type, name, depth + 1));
  }
  return undefined;
}

function keyInType(checker, type, name, depth) {
  if (!type || depth > MAX_KEY_DEPTH) return undefined;
  const aliases = ((type.aliasSymbol && type.aliasSymbol.declarations) || []).filter(ts.isTypeAliasDeclaration);
  const hit = firstHit(aliases, (d) => keyInTypeNode(checker, d.type, name, depth + 1));
  if (hit || !(type.isUnion && type.isUnion()) || type.aliasSymbol) return hit;
  return firstHit(type.types, (t) => keyInType(checker, t, name, depth + 1));
}

// the key type of a written type: `Record<ColorName, F>` (its first type argument), parts of an
// intersection, an alias of either (`type Colors = Record<ColorName, F>`)
function keyInAnnotation(checker, node, name, depth) {
  if (!node || depth > MAX_KEY_DEPTH) return undefined;
  if (ts.isIntersectionTypeNode(node) || ts.isUnionTypeNode(node)) {
    return firstHit(node.types, (t) => keyInAnnotation(checker, t, name, depth + 1));
  }
  if (ts.isParenthesizedTypeNode(node)) return keyInAnnotation(checker, node.type, name, depth + 1);
  if (!ts.isTypeReferenceNode(node)) return undefined;
  if (node.typeArguments && node.typeArguments.length) return keyInTypeNode(checker, node.typeArguments[0], name, depth + 1);
  return firstHit(aliasDeclarations(checker, node.typeName), (d) => keyInAnnotation(checker, d.type, name, depth + 1));
}

// the types written for a variable: its annotation, each `as T` / `<T>` / `satisfies T` of its
// initializer (`colors = createColors() as Record<ColorName, F>`), the written return type of
// the function it is initialized by a call of (`named = makeNamed()`)
function writtenTypes(checker, decl) {
  const out = decl.type ? [decl.type] : [];
  let node = decl.initializer;
  while (node && isWrapper(node)) {
    if (node.type) out.push(node.type);
    node = node.expression;
  }
  if (node && ts.isCallExpression(node)) {
    const signature = checker.getResolvedSignature(node);
    const declaration = signature && signature.declaration;
    if (declaration && declaration.type) out.push(declaration.type);
  }
  return out;
}

function mappedKey(program, source, position) {
  const token = ts.getTokenAtPosition ? ts.getTokenAtPosition(source, position) : undefined;
  const access = token && token.parent;
  if (!access || !ts.isIdentifier(token) || !ts.isPropertyAccessExpression(access) || access.name !== token) return [];
  const checker = program.getTypeChecker();
  const name = token.text;
  const type = checker.getTypeAtLocation(access.expression);
  const prop = type && checker.getPropertyOfType(checker.getApparentType(type), name);
  if (!prop || (prop.declarations && prop.declarations.length)) return [];
  const decl = valueDeclarationOf(checker, access.expression);
  let hit = decl && ts.isVariableDeclaration(decl) ? keyInInitializer(decl.initializer, name) : undefined;
  const container = decl && decl.name && ts.isIdentifier(decl.name) ? decl.name.text : '';
  for (const written of hit || !decl || !ts.isVariableDeclaration(decl) ? [] : writtenTypes(checker, decl)) {
    hit = keyInAnnotation(checker, written, name, 0);
    if (hit) break;
  }
  for (const part of hit ? [] : (type.isIntersection && type.isIntersection() ? type.types : [type])) {
    const args = part.aliasTypeArguments || [];
    if (args.length) hit = keyInType(checker, args[0], name, 0);
    if (hit) break;
  }
  if (!hit) return [];
  const sf = hit.getSourceFile();
  return [{ file: sf.fileName, start: hit.getStart(sf), name, container }];
}

function locate(project, fileName, queries) {
  // the texts on disk (no diagnostics needed: the service builds what the queries need)
  for (const other of Array.from(project.overrides.keys())) project.setText(other, null);
  if (!project.files.includes(fileName)) project.files.push(fileName);
  const program = project.service.getProgram();
  const source = program && program.getSourceFile(fileName);
  if (!source) return queries.map(() => []);
  const where = (f, start) => {
    const sf = program.getSourceFile(f);
    const lc = sf ? sf.getLineAndCharacterOfPosition(start) : { line: -1, character: 0 };
    return { file: f, line: lc.line + 1, column: lc.character };
  };
  return queries.map((q) => {
    let position;
    try {
      position = ts.getPositionOfLineAndCharacter(source, q.line - 1, q.column);
    } catch (e) {
      return [];
    }
    try {
      if (q.kind === 'definition') {
        let defs = project.service.getDefinitionAtPosition(fileName, position) || [];
        if (literalKey(source, position)) {
          // a literal's key declares itself too: never what it fills
          defs = defs.filter((d) => !(d.fileName === fileName && d.textSpan.start === position));
          if (defs.length === 0) {
            const constrained = constraintProperty(program, source, position);
            return constrained.map((d) => Object.assign(where(d.file, d.start), { name: d.name, container: d.container }));
          }
        }
        if (defs.length === 0) {
          const keyed = mappedKey(program, source, position);
          return keyed.map((d) => Object.assign(where(d.file, d.start), { name: d.name, container: d.container }));
        }
        return defs.map((d) => Object.assign(where(d.fileName, d.textSpan.start), { name: d.name, container: d.containerName || '' }));
      }
      const out = [];
      for (const symbol of project.service.findReferences(fileName, position) || []) {
        for (const ref of symbol.references) {
          if (ref.fileName === fileName && !ref.isDefinition) out.push(where(ref.fileName, ref.textSpan.start));
        }
      }
      return out;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      return []; // one question overflowing the stack (deeply nested code) costs only itself
    }
  });
}

function toRecord(d) {
  const rec = {
    code: 'TS' + d.code,
    category: ts.DiagnosticCategory[d.category].toLowerCase(),
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    line: 0,
    column: 0,
    end_line: null,
    end_column: null,
  };
  if (d.file && d.start !== undefined) {
    const start = d.file.getLineAndCharacterOfPosition(d.start);
    const end = d.file.getLineAndCharacterOfPosition(d.start + (d.length || 0));
    rec.line = start.line + 1;
    rec.column = start.character;
    rec.end_line = end.line + 1;
    rec.end_column = end.character;
  }
  return rec;
}

function handle(req) {
  switch (req.op) {
    case 'hello':
      return { ok: true, version: ts.version };
    case 'project': {
      const project = new Project(req.root, req.files || [], req.options || {});
      projects.set(req.id, project);
      return { ok: true, option_errors: project.optionErrors };
    }
    case 'check': {
      const project = projects.get(req.project);
      if (!project) return { ok: false, error: 'unknown_project' };
      if (project.excluded.has(req.file)) {
        return { ok: false, error: 'stack_overflow: the file overflows the compiler\'s stack' };
      }
      const started = Date.now();
      let diagnostics;
      let excluded = [];
      try {
        diagnostics = project.check(req.file, req.text);
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        excluded = project.isolate();
        if (!excluded.length) throw e;
        if (project.excluded.has(req.file)) {
          return { ok: false, error: 'stack_overflow: the file overflows the compiler\'s stack', excluded };
        }
        diagnostics = project.check(req.file, req.text);
      }
      return { ok: true, diagnostics, excluded, refused: drainRefused(), elapsed_ms: Date.now() - started };
    }
    case 'files':
      seal(req.root, req.files || {});
      return { ok: true };
    case 'locate': {
      const project = projects.get(req.project);
      if (!project) return { ok: false, error: 'unknown_project' };
      const answers = locate(project, req.file, req.queries || []);
      return { ok: true, answers, refused: drainRefused() };
    }
    case 'forget': {
      let dropped = 0;
      for (const [id, project] of projects) {
        if (id.startsWith(req.prefix)) {
          project.service.dispose(); // releases its documents from the shared registry
          projects.delete(id);
          dropped += 1;
        }
      }
      const under = withSep(req.root);
      for (const fileName of Array.from(diskCache.keys())) {
        if (fileName.startsWith(under)) diskCache.delete(fileName);
      }
      sealed.delete(under);
      return { ok: true, dropped };
    }
    default:
      return { ok: false, error: 'unknown op: ' + req.op };
  }
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let answer;
  try {
    answer = handle(JSON.parse(line));
  } catch (e) {
    answer = { ok: false, error: String((e && e.stack) || e).slice(0, 4000) };
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
});
rl.on('close', () => process.exit(0));
