#!/usr/bin/env node
// Foundry API inventory: every Foundry API that src/ uses, read from the code with the TypeScript parser (so
// string literals, comments and type positions never count), one normalized name a line:
//   - property chains rooted at a Foundry global (`game.settings.get`, `CONFIG.Dice.rolls`,
//     `foundry.applications.api.DialogV2.input`, `ChatMessage.getSpeaker`), followed through local aliases
//     (`const { DialogV2 } = foundry.applications.api`, `const cls = CONFIG.ChatMessage.documentClass`,
//     `import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2`); a chain that a longer one extends is
//     not listed on its own;
//   - the hooks Fray registers or fires (`Hooks.on/once/call/callAll/off`, `onHook` of src/compat/hooks.ts and
//     their aliases): `hook:updateUser`;
//   - in Fray's subclasses of Foundry classes: the members they override (`override`, `_`-prefixed, static
//     DEFAULT_OPTIONS/PARTS/TABS) and the inherited members they reach through `this` or `super`:
//     `Combat#setupTurns`, `CombatTracker#viewed`, `TypeDataModel.defineSchema` (static);
//   - the Foundry instance methods Fray calls on documents, rolls and applications (DOCUMENT_METHODS below):
//     `TokenDocument#move`, `Document#update`, `Roll#evaluate`.
// A hook name the tool cannot read (not a literal, a constant or a literal union) is reported as unresolved.
// Usage: node tools/foundry-api-inventory.mjs [--where] [repository root]
//   --where: each name followed by the places that use it (file:line).
// Exit status 1 when a hook name is unresolved.
import ts from "typescript";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** Foundry's globals (v13): namespaces, singletons, document and helper classes, global functions. */
const GLOBALS = new Set([
  "game",
  "CONFIG",
  "CONST",
  "foundry",
  "Hooks",
  "ui",
  "canvas",
  "Handlebars",
  "ChatMessage",
  "Roll",
  "Actor",
  "Item",
  "Combat",
  "Combatant",
  "CombatantGroup",
  "TokenDocument",
  "Token",
  "User",
  "Scene",
  "ActiveEffect",
  "Macro",
  "JournalEntry",
  "Folder",
  "Cards",
  "RollTable",
  "Playlist",
  "TextEditor",
  "Dialog",
  "Application",
  "FormApplication",
  "DocumentSheetConfig",
  "ProseMirror",
  "PIXI",
  "fromUuid",
  "fromUuidSync",
  "getDocumentClass",
  "renderTemplate",
  "loadTemplates",
]);

/** Foundry instance methods recognised on any receiver, with the class that defines them in v13. */
const DOCUMENT_METHODS = {
  update: "Document#update",
  delete: "Document#delete",
  setFlag: "Document#setFlag",
  getFlag: "Document#getFlag",
  unsetFlag: "Document#unsetFlag",
  createEmbeddedDocuments: "Document#createEmbeddedDocuments",
  updateEmbeddedDocuments: "Document#updateEmbeddedDocuments",
  deleteEmbeddedDocuments: "Document#deleteEmbeddedDocuments",
  getEmbeddedDocument: "Document#getEmbeddedDocument",
  testUserPermission: "Document#testUserPermission",
  getUserLevel: "Document#getUserLevel",
  toObject: "DataModel#toObject",
  updateSource: "DataModel#updateSource",
  toggleStatusEffect: "Actor#toggleStatusEffect",
  getActiveTokens: "Actor#getActiveTokens",
  allApplicableEffects: "Actor#allApplicableEffects",
  getRollData: "Actor#getRollData",
  startCombat: "Combat#startCombat",
  endCombat: "Combat#endCombat",
  nextTurn: "Combat#nextTurn",
  previousTurn: "Combat#previousTurn",
  nextRound: "Combat#nextRound",
  previousRound: "Combat#previousRound",
  rollInitiative: "Combat#rollInitiative",
  rollAll: "Combat#rollAll",
  rollNPC: "Combat#rollNPC",
  setInitiative: "Combat#setInitiative",
  resetAll: "Combat#resetAll",
  getInitiativeRoll: "Combatant#getInitiativeRoll",
  move: "TokenDocument#move",
  renderHTML: "ChatMessage#renderHTML",
  getHTML: "ChatMessage#getHTML",
  query: "User#query",
  evaluate: "Roll#evaluate",
  evaluateSync: "Roll#evaluateSync",
  toMessage: "Roll#toMessage",
  render: "ApplicationV2#render",
  close: "ApplicationV2#close",
  changeTab: "ApplicationV2#changeTab",
  updateMessage: "ChatLog#updateMessage",
};

/** `delete(x)` with an argument that is not an options object is a Set's or a Map's, not a document's. */
const DOCUMENT_CALL = {
  delete: (call) => !call.arguments.length || ts.isObjectLiteralExpression(call.arguments[0]),
};

/** Functions whose first argument is a hook name. */
const HOOK_METHODS = new Set(["on", "once", "off", "call", "callAll"]);
const HOOK_WRAPPERS = new Set(["onHook"]);

/** Game collections (foundry Collection, a Map): their methods are Foundry's too. */
const COLLECTIONS =
  /^game\.(users|combats|messages|actors|items|scenes|packs|folders|journal|macros|tables)$/;
/** JavaScript's own members, dropped from the end of a chain (an array's `filter`, a function's `bind`). */
const BUILTINS = new Set(
  "bind call apply push pop shift unshift filter map find findIndex some every includes forEach flatMap reduce at length slice splice sort join indexOf keys values entries has size then catch finally toString".split(
    " ",
  ),
);
/** Static members of Foundry classes that a subclass sets. */
const STATIC_CONFIG = new Set(["DEFAULT_OPTIONS", "PARTS", "TABS", "CHAT_TEMPLATE"]);

function walk(dir, out = []) {
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (p.endsWith(".ts") && !p.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

const isWrapper = (n) =>
  ts.isParenthesizedExpression(n) ||
  ts.isAsExpression(n) ||
  ts.isTypeAssertionExpression(n) ||
  ts.isNonNullExpression(n) ||
  ts.isSatisfiesExpression(n);

function isFunctionLike(n) {
  return (
    ts.isFunctionDeclaration(n) ||
    ts.isFunctionExpression(n) ||
    ts.isArrowFunction(n) ||
    ts.isMethodDeclaration(n) ||
    ts.isConstructorDeclaration(n) ||
    ts.isGetAccessorDeclaration(n) ||
    ts.isSetAccessorDeclaration(n)
  );
}

/** Names a binding (identifier or destructuring pattern) declares, each with its declaring node. */
function bindingNames(name, decl, out) {
  if (ts.isIdentifier(name)) out.set(name.text, decl);
  else
    for (const el of name.elements)
      if (ts.isBindingElement(el)) bindingNames(el.name, ts.isIdentifier(el.name) ? el : decl, out);
  return out;
}

function statementNames(statements, out) {
  for (const s of statements) {
    if (ts.isVariableStatement(s))
      for (const d of s.declarationList.declarations) bindingNames(d.name, d, out);
    else if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isEnumDeclaration(s)) && s.name)
      out.set(s.name.text, s);
    else if (ts.isImportEqualsDeclaration(s)) out.set(s.name.text, s);
    else if (ts.isImportDeclaration(s) && s.importClause) {
      const { name, namedBindings } = s.importClause;
      if (name) out.set(name.text, s.importClause);
      if (namedBindings && ts.isNamespaceImport(namedBindings))
        out.set(namedBindings.name.text, namedBindings);
      if (namedBindings && ts.isNamedImports(namedBindings))
        for (const el of namedBindings.elements) out.set(el.name.text, el);
    }
  }
  return out;
}

const scopeCache = new WeakMap();
/** The names a scope node declares (a block's statements, a function's parameters, a loop's variables). */
function scopeNames(node) {
  let names = scopeCache.get(node);
  if (names) return names;
  names = new Map();
  if (ts.isSourceFile(node) || ts.isBlock(node) || ts.isModuleBlock(node))
    statementNames(node.statements, names);
  else if (ts.isCaseBlock(node)) for (const c of node.clauses) statementNames(c.statements, names);
  else if (isFunctionLike(node)) {
    for (const p of node.parameters) bindingNames(p.name, p, names);
    if (ts.isFunctionExpression(node) && node.name) names.set(node.name.text, node);
  } else if (
    (ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node)) &&
    node.initializer &&
    ts.isVariableDeclarationList(node.initializer)
  )
    for (const d of node.initializer.declarations) bindingNames(d.name, d, names);
  else if (ts.isCatchClause(node) && node.variableDeclaration)
    bindingNames(node.variableDeclaration.name, node.variableDeclaration, names);
  else if (ts.isClassExpression(node) && node.name) names.set(node.name.text, node);
  scopeCache.set(node, names);
  return names;
}

/** The declaration an identifier refers to, or null for a global. */
function resolve(id) {
  for (let n = id.parent; n; n = n.parent) {
    const decl = scopeNames(n).get(id.text);
    if (decl) return decl;
  }
  return null;
}

/** True when `node` sits in a type: an annotation, an interface, a type alias, a `declare` block. */
function inTypePosition(node) {
  for (let n = node; n.parent; n = n.parent) {
    const p = n.parent;
    if (ts.isExpressionWithTypeArguments(n) && ts.isHeritageClause(p))
      return !(p.token === ts.SyntaxKind.ExtendsKeyword && ts.isClassLike(p.parent));
    if (ts.isImportEqualsDeclaration(p) && p.moduleReference === n) return false;
    if (ts.isTypeNode(n) || ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) return true;
    if (ts.isModuleDeclaration(n)) return true;
  }
  return false;
}

/** True when an identifier is a reference to a value (not a declared name, a member name or a type). */
function isReference(id) {
  const p = id.parent;
  if ((ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p)) && p.name === id) return false;
  if (ts.isQualifiedName(p) && !ts.isImportEqualsDeclaration(p.parent) && !ts.isQualifiedName(p.parent))
    return !inTypePosition(p);
  if (
    (ts.isPropertyAssignment(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isGetAccessorDeclaration(p) ||
      ts.isSetAccessorDeclaration(p) ||
      ts.isVariableDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isFunctionDeclaration(p) ||
      ts.isFunctionExpression(p) ||
      ts.isClassDeclaration(p) ||
      ts.isClassExpression(p) ||
      ts.isEnumDeclaration(p) ||
      ts.isEnumMember(p) ||
      ts.isImportEqualsDeclaration(p) ||
      ts.isPropertySignature(p) ||
      ts.isMethodSignature(p)) &&
    p.name === id
  )
    return false;
  if (ts.isBindingElement(p) && (p.name === id || p.propertyName === id)) return false;
  if (
    ts.isImportSpecifier(p) ||
    ts.isImportClause(p) ||
    ts.isNamespaceImport(p) ||
    ts.isExportSpecifier(p) ||
    ts.isLabeledStatement(p) ||
    ts.isBreakOrContinueStatement(p)
  )
    return false;
  return !inTypePosition(id);
}

/** The segments of the Foundry chain an identifier stands for: a global, or a local alias of one. */
function identifierChain(id, depth = 0) {
  if (depth > 20) return null;
  const decl = resolve(id);
  if (!decl) return GLOBALS.has(id.text) ? [id.text] : null;
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) && decl.initializer)
    return expressionChain(decl.initializer, depth + 1);
  if (ts.isBindingElement(decl)) {
    const path = [];
    let el = decl;
    while (ts.isBindingElement(el)) {
      if (!ts.isObjectBindingPattern(el.parent)) return null;
      path.unshift((el.propertyName ?? el.name).text);
      el = el.parent.parent;
    }
    if (!ts.isVariableDeclaration(el) || !el.initializer) return null;
    const base = expressionChain(el.initializer, depth + 1);
    return base ? [...base, ...path] : null;
  }
  if (ts.isImportEqualsDeclaration(decl) && ts.isEntityName(decl.moduleReference)) {
    const parts = [];
    let n = decl.moduleReference;
    while (ts.isQualifiedName(n)) {
      parts.unshift(n.right.text);
      n = n.left;
    }
    const base = identifierChain(n, depth + 1);
    return base ? [...base, ...parts] : null;
  }
  return null;
}

/** The Foundry chain an expression denotes (`(game.settings as X).get`, `Hooks.callAll.bind(Hooks)`), or null. */
function expressionChain(node, depth = 0) {
  if (isWrapper(node)) return expressionChain(node.expression, depth);
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)
  )
    return expressionChain(node.left, depth);
  if (ts.isIdentifier(node)) return identifierChain(node, depth);
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) {
    const base = expressionChain(node.expression, depth);
    return base ? [...base, node.name.text] : null;
  }
  if (ts.isElementAccessExpression(node)) {
    const base = expressionChain(node.expression, depth);
    const key = node.argumentExpression;
    return base ? [...base, ts.isStringLiteralLike(key) ? key.text : "*"] : null;
  }
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === "bind"
  )
    return expressionChain(node.expression.expression, depth);
  return null;
}

/**
 * Trims what is not Foundry's from a chain's end: JavaScript builtins, a computed key (`CONFIG.statusEffects[id]`),
 * Fray's own data under `system` or `flags`.
 */
function normalizeChain(segments) {
  const s = [...segments];
  const cut = s.findIndex((x, i) => i > 0 && (x === "system" || x === "flags"));
  if (cut > 0) s.length = cut + 1;
  while (
    s.length > 1 &&
    (s.at(-1) === "*" || (BUILTINS.has(s.at(-1)) && !COLLECTIONS.test(s.slice(0, -1).join("."))))
  )
    s.pop();
  return s.join(".");
}

/** The outermost node of the property chain that starts at `node`, and the member names it adds. */
function climb(node) {
  const added = [];
  let cur = node;
  for (;;) {
    const p = cur.parent;
    if (isWrapper(p) && p.expression === cur) cur = p;
    else if (ts.isPropertyAccessExpression(p) && p.expression === cur && ts.isIdentifier(p.name)) {
      added.push(p.name.text);
      cur = p;
    } else if (ts.isElementAccessExpression(p) && p.expression === cur) {
      added.push(ts.isStringLiteralLike(p.argumentExpression) ? p.argumentExpression.text : "*");
      cur = p;
    } else return { top: cur, added };
  }
}

/** The string values a hook-name expression can take, or null when they cannot be read from the code. */
function stringValues(node, constants, depth = 0) {
  if (depth > 10) return null;
  if (isWrapper(node)) return stringValues(node.expression, constants, depth + 1);
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isConditionalExpression(node)) {
    const a = stringValues(node.whenTrue, constants, depth + 1);
    const b = stringValues(node.whenFalse, constants, depth + 1);
    return a && b ? [...a, ...b] : null;
  }
  if (!ts.isIdentifier(node)) return null;
  const decl = resolve(node);
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer)
    return stringValues(decl.initializer, constants, depth + 1);
  if (decl && ts.isParameter(decl) && decl.type)
    return typeValues(decl.type, node.getSourceFile(), depth + 1);
  if (decl && ts.isImportSpecifier(decl)) {
    const value = constants.get((decl.propertyName ?? decl.name).text);
    return value === undefined ? null : [value];
  }
  return null;
}

/** The string literals a type allows (`"a" | "b"`, or an alias of such a union declared in the file). */
function typeValues(type, sf, depth) {
  if (depth > 10) return null;
  if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) return [type.literal.text];
  if (ts.isUnionTypeNode(type)) {
    const all = type.types.map((t) => typeValues(t, sf, depth + 1));
    return all.every(Boolean) ? all.flat() : null;
  }
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const alias = sf.statements.find(
      (s) => ts.isTypeAliasDeclaration(s) && s.name.text === type.typeName.text,
    );
    return alias ? typeValues(alias.type, sf, depth + 1) : null;
  }
  return null;
}

/** The name of a function's `this` parameter type, if it declares one (a static action handler bound to an instance). */
const hasThisParameter = (fn) => fn.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === "this");

/**
 * Reads src/ under `root` and returns the inventory: `apis`, a Map from each normalized API name to the places
 * that use it (`file:line`), and `unresolved`, the hook calls whose name could not be read.
 */
export function inventory(root = ".") {
  // src/rules is pure (no Foundry global may appear there: eslint's no-restricted-globals), so it is not read.
  const files = walk(join(root, "src")).filter((f) => !relative(root, f).startsWith(join("src", "rules")));
  const sources = files.map((f) =>
    ts.createSourceFile(f, readFileSync(f, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS),
  );
  const apis = new Map();
  const unresolved = [];
  const where = (sf, node) =>
    `${relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const add = (name, sf, node) => {
    const list = apis.get(name) ?? [];
    list.push(where(sf, node));
    apis.set(name, list);
  };

  // Exported string constants (hook names such as ROUND_NOTICES_HOOK), by name.
  const constants = new Map();
  for (const sf of sources)
    for (const s of sf.statements)
      if (ts.isVariableStatement(s) && s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
        for (const d of s.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.initializer && ts.isStringLiteralLike(d.initializer))
            constants.set(d.name.text, d.initializer.text);

  // Fray's classes: the Foundry class each one extends (directly, through a mixin, or through another of Fray's).
  const classes = new Map();
  for (const sf of sources) {
    const visit = (n) => {
      if (ts.isClassLike(n) && n.name) {
        const heritage = n.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
        let expr = heritage?.expression;
        while (expr && isWrapper(expr)) expr = expr.expression;
        let base = null;
        if (expr && ts.isCallExpression(expr) && expr.arguments[0]) base = expressionChain(expr.arguments[0]);
        else if (expr) base = expressionChain(expr);
        const members = new Set(
          n.members.filter((m) => m.name && !ts.isPrivateIdentifier(m.name)).map((m) => m.name.getText(sf)),
        );
        classes.set(n.name.text, {
          base: base?.at(-1) ?? null,
          parentName: !base && expr && ts.isIdentifier(expr) ? expr.text : null,
          members,
        });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  /** The Foundry class a Fray class finally extends, and every member Fray's classes on the way declare. */
  const foundryBase = (name) => {
    const own = new Set();
    for (let c = classes.get(name), guard = 0; c && guard < 10; guard++) {
      for (const m of c.members) own.add(m);
      if (c.base) return { base: c.base, own };
      c = c.parentName ? classes.get(c.parentName) : undefined;
    }
    return null;
  };

  for (const sf of sources) {
    const visit = (n, cls) => {
      if (ts.isClassLike(n) && n.name) {
        const info = foundryBase(n.name.text);
        if (info) {
          cls = info;
          for (const m of n.members) {
            if (!m.name || ts.isPrivateIdentifier(m.name)) continue;
            const name = m.name.getText(sf);
            const isStatic = m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword) === true;
            const isOverride = m.modifiers?.some((x) => x.kind === ts.SyntaxKind.OverrideKeyword) === true;
            if (isOverride || name.startsWith("_") || (isStatic && STATIC_CONFIG.has(name)))
              add(`${info.base}${isStatic ? "." : "#"}${name}`, sf, m);
          }
        } else cls = undefined;
      }

      // `this.x` / `super.x` in a Foundry subclass: an inherited member, unless one of Fray's classes declares it.
      if (
        cls &&
        ts.isPropertyAccessExpression(n) &&
        ts.isIdentifier(n.name) &&
        (n.expression.kind === ts.SyntaxKind.ThisKeyword || n.expression.kind === ts.SyntaxKind.SuperKeyword)
      ) {
        const name = n.name.text;
        const viaSuper = n.expression.kind === ts.SyntaxKind.SuperKeyword;
        if (viaSuper || !cls.own.has(name)) {
          // `this` is the instance, unless in a static member with no `this` parameter of its own.
          let fn = n.parent;
          while (fn && !(isFunctionLike(fn) && !ts.isArrowFunction(fn)) && !ts.isPropertyDeclaration(fn))
            fn = fn.parent;
          const isStatic =
            fn?.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword) === true &&
            !(isFunctionLike(fn) && hasThisParameter(fn));
          add(`${cls.base}${isStatic ? "." : "#"}${name}`, sf, n);
        }
      }

      // Property chains rooted at a Foundry global or an alias of one.
      if (ts.isIdentifier(n) && isReference(n)) {
        const base = identifierChain(n);
        if (base) {
          const { added } = climb(n);
          add(normalizeChain([...base, ...added]), sf, n);
        }
      }

      if (ts.isCallExpression(n)) {
        let callee = n.expression;
        while (isWrapper(callee)) callee = callee.expression;
        const chain = expressionChain(callee);
        const wrapper =
          ts.isIdentifier(callee) &&
          (() => {
            let decl = resolve(callee);
            for (let i = 0; i < 5 && decl && ts.isVariableDeclaration(decl) && decl.initializer; i++)
              decl = ts.isIdentifier(decl.initializer) ? resolve(decl.initializer) : null;
            return (
              !!decl && ts.isImportSpecifier(decl) && HOOK_WRAPPERS.has((decl.propertyName ?? decl.name).text)
            );
          })();
        const isHookCall =
          wrapper || (chain && chain.length === 2 && chain[0] === "Hooks" && HOOK_METHODS.has(chain[1]));
        let inWrapper = false;
        for (let a = n.parent; a; a = a.parent)
          if (ts.isFunctionDeclaration(a) && a.name && HOOK_WRAPPERS.has(a.name.text)) inWrapper = true;
        if (isHookCall && !inWrapper) {
          const values = n.arguments[0] ? stringValues(n.arguments[0], constants) : null;
          if (values) for (const v of values) add(`hook:${v}`, sf, n);
          else unresolved.push(`${where(sf, n)}: ${n.getText(sf).slice(0, 80)}`);
        }

        // Foundry instance methods called on documents, rolls and applications.
        if (!chain && ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)) {
          const method = callee.name.text;
          const own =
            callee.expression.kind === ts.SyntaxKind.ThisKeyword ||
            callee.expression.kind === ts.SyntaxKind.SuperKeyword;
          if (
            Object.hasOwn(DOCUMENT_METHODS, method) &&
            !(own && cls) &&
            (DOCUMENT_CALL[method]?.(n) ?? true)
          )
            add(DOCUMENT_METHODS[method], sf, n);
        }
      }
      ts.forEachChild(n, (child) => visit(child, cls));
    };
    visit(sf, undefined);
  }

  // A chain that a longer listed chain extends says nothing the longer one does not.
  for (const name of [...apis.keys()])
    if (
      !name.includes("#") &&
      !name.startsWith("hook:") &&
      [...apis.keys()].some((o) => o.startsWith(`${name}.`))
    ) {
      const longer = [...apis.keys()].find((o) => o.startsWith(`${name}.`));
      apis.set(longer, [...apis.get(longer), ...apis.get(name)]);
      apis.delete(name);
    }
  return { apis: new Map([...apis].sort(([a], [b]) => a.localeCompare(b))), unresolved };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const showWhere = args.includes("--where");
  const root = args.find((a) => !a.startsWith("--")) ?? ".";
  const { apis, unresolved } = inventory(root);
  for (const [name, places] of apis) {
    console.log(name);
    if (showWhere) for (const p of [...new Set(places)]) console.log(`    ${p}`);
  }
  for (const u of unresolved) console.error(`unresolved hook name: ${u}`);
  if (unresolved.length) process.exitCode = 1;
}
