// Resolves a parsed query (select tree, filters, order, ranges) against the schema cache into a
// tree of read nodes, one per table/view/embedded resource (PostgREST's Plan.hs / ReadPlan).
import { RestError, notEmbedded } from './errors.ts';
import { ident, qualified } from './sql.ts';
import type {
  Aggregate,
  EmbedPath,
  Field,
  LogicTree,
  OpExpr,
  OrderTerm,
  QueryParams,
  Range,
  SelectItem,
} from './query-params.ts';
import {
  isToOne,
  type Relation,
  type RelationRef,
  type Relationship,
  type SchemaCache,
} from './schema-cache.ts';

export interface SelectField {
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: Aggregate;
  aggregateCast?: string;
}

export type PlanFilter =
  | { kind: 'filter'; field: Field; expr: OpExpr }
  | { kind: 'null-embed'; embed: EmbedNode; isNull: boolean };

export type PlanLogic =
  | { kind: 'stmt'; filter: PlanFilter }
  | { kind: 'expr'; negated: boolean; operator: 'and' | 'or'; children: PlanLogic[] };

export type PlanOrder =
  | { kind: 'field'; field: Field; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' }
  | {
      kind: 'embed';
      embed: EmbedNode;
      field: Field;
      direction?: 'asc' | 'desc';
      nulls?: 'first' | 'last';
    };

export interface ReadNode {
  /** The FROM item: a qualified relation, or the name of a CTE. */
  from: string;
  alias: string;
  /** Columns and types, when known (not for functions returning records). */
  relation?: Relation;
  /** Where relationships for embedding are looked up. */
  identity?: RelationRef;
  /** Name used in messages (table or function name). */
  displayName: string;
  select: SelectField[];
  embeds: EmbedNode[];
  where: PlanLogic[];
  order: PlanOrder[];
  range: Range;
}

export interface EmbedNode extends ReadNode {
  name: string;
  outputName: string;
  relationship: Relationship;
  inner: boolean;
  spread: boolean;
  aggAlias: string;
  junctionAlias?: string;
  junctionFrom?: string;
  hasOutput: boolean;
}

export interface RootSource {
  from: string;
  alias: string;
  displayName: string;
  relation?: Relation;
  identity?: RelationRef;
}

export interface PlanOptions {
  /** Root filters go to the read (GET, RPC) rather than to a mutation's WHERE. */
  rootFilters: boolean;
  rootOrder: boolean;
  rootRange: boolean;
}

const FULL_RANGE: Range = { offset: 0 };

class Aliases {
  private used = new Set<string>();
  private n = 0;
  constructor(root: string) {
    this.used.add(root);
  }
  /** Short, unique aliases: long names would be truncated by Postgres at 63 bytes. */
  next(base: string): string {
    const b = Buffer.byteLength(base) > 40 ? 'pgrst' : base;
    for (;;) {
      const a = `${b}_${++this.n}`;
      if (!this.used.has(a)) {
        this.used.add(a);
        return a;
      }
    }
  }
}

export function buildReadTree(
  cache: SchemaCache,
  schema: string,
  root: RootSource,
  qp: QueryParams,
  opts: PlanOptions,
): ReadNode {
  const aliases = new Aliases(root.alias);
  const node: ReadNode = {
    from: root.from,
    alias: root.alias,
    displayName: root.displayName,
    select: [],
    embeds: [],
    where: [],
    order: [],
    range: FULL_RANGE,
  };
  if (root.relation) node.relation = root.relation;
  if (root.identity) node.identity = root.identity;
  addSelect(cache, schema, node, qp.select, aliases);

  for (const { path, filter } of qp.filters) {
    if (path.length === 0 && !opts.rootFilters) continue;
    const target = findNode(node, path);
    target.where.push({ kind: 'stmt', filter: resolveFilter(target, filter.field, filter.expr) });
  }
  for (const { path, tree } of qp.logic) {
    if (path.length === 0 && !opts.rootFilters) continue;
    const target = findNode(node, path);
    target.where.push(resolveLogic(target, tree));
  }
  for (const { path, terms } of qp.order) {
    if (path.length === 0 && !opts.rootOrder) continue;
    const target = findNode(node, path);
    target.order = terms.map((t) => resolveOrder(target, t));
  }
  for (const [k, range] of qp.ranges) {
    const path = k === '' ? [] : k.split('\u0000');
    if (path.length === 0 && !opts.rootRange) continue;
    findNode(node, path).range = range;
  }
  return node;
}

/** Filters, order and ranges of a mutation (its root WHERE), resolved against the target table. */
export function rootConditions(node: ReadNode, qp: QueryParams): PlanLogic[] {
  const out: PlanLogic[] = [];
  for (const { path, filter } of qp.filters) {
    if (path.length === 0)
      out.push({ kind: 'stmt', filter: resolveFilter(node, filter.field, filter.expr) });
  }
  for (const { path, tree } of qp.logic) {
    if (path.length === 0) out.push(resolveLogic(node, tree));
  }
  return out;
}

export function rootOrder(node: ReadNode, qp: QueryParams): PlanOrder[] {
  const o = qp.order.find((x) => x.path.length === 0);
  return o ? o.terms.map((t) => resolveOrder(node, t)) : [];
}

function addSelect(
  cache: SchemaCache,
  schema: string,
  node: ReadNode,
  items: SelectItem[],
  aliases: Aliases,
): void {
  for (const item of items) {
    if (item.kind === 'field') {
      const f: SelectField = { field: item.field };
      if (item.alias !== undefined) f.alias = item.alias;
      if (item.cast !== undefined) f.cast = item.cast;
      if (item.aggregate !== undefined) f.aggregate = item.aggregate;
      if (item.aggregateCast !== undefined) f.aggregateCast = item.aggregateCast;
      // The legacy `count` (no parentheses, `select=*,tasks(count)`) counts rows when the table
      // has no column of that name, as PostgREST still allows.
      if (
        item.field.name === 'count' &&
        item.field.jsonPath.length === 0 &&
        item.aggregate === undefined &&
        item.cast === undefined &&
        node.relation &&
        !node.relation.columnMap.has('count')
      ) {
        f.field = { name: '*', jsonPath: [] };
        f.aggregate = 'count';
      }
      node.select.push(f);
      continue;
    }
    if (!node.identity) {
      throw new RestError(
        400,
        'PGRST200',
        `Could not find a relationship between '${node.displayName}' and '${item.name}' in the schema cache`,
        `Searched for a foreign key relationship between '${node.displayName}' and '${item.name}' in the schema '${schema}', but no matches were found.`,
      );
    }
    const rel = cache.findRelationship(schema, node.identity.name, item.name, item.hint);
    const target = cache.relation(rel.foreignTable.schema, rel.foreignTable.name);
    if (!target) throw cache.tableNotFound(rel.foreignTable.schema, rel.foreignTable.name);
    const alias = aliases.next(target.name);
    // A computed relationship is the function called with the parent's row (cast back to the
    // table's row type, as the parent may be a write's CTE).
    const from = rel.computed
      ? `${qualified(rel.computed.schema, rel.computed.name)}(${ident(node.alias)}::${qualified(node.identity.schema, node.identity.name)})`
      : qualified(target.schema, target.name);
    const embed: EmbedNode = {
      from,
      alias,
      relation: target,
      identity: { schema: target.schema, name: target.name },
      displayName: target.name,
      select: [],
      embeds: [],
      where: [],
      order: [],
      range: FULL_RANGE,
      name: item.name,
      outputName: item.alias ?? item.name,
      relationship: rel,
      inner: item.joinType === 'inner',
      spread: item.spread,
      aggAlias: aliases.next(`${node.alias}_${item.name}`),
      hasOutput: false,
    };
    if (rel.cardinality === 'm2m' && rel.junction) {
      embed.junctionAlias = aliases.next(rel.junction.table.name);
      embed.junctionFrom = qualified(rel.junction.table.schema, rel.junction.table.name);
    }
    addSelect(cache, schema, embed, item.children, aliases);
    if (item.spread && !isToOne(rel) && hasAggregate(embed)) {
      throw new RestError(
        400,
        'PGRST127',
        'Feature not implemented',
        'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      );
    }
    embed.hasOutput = embed.select.length > 0 || embed.embeds.some((e) => e.hasOutput);
    node.embeds.push(embed);
  }
}

/** Aggregates in a node's own select or in what is spread into it. */
function hasAggregate(node: ReadNode): boolean {
  return (
    node.select.some((f) => f.aggregate !== undefined) ||
    node.embeds.some((e) => e.spread && hasAggregate(e))
  );
}

function findEmbed(node: ReadNode, name: string): EmbedNode | undefined {
  return node.embeds.find((e) => e.outputName === name) ?? node.embeds.find((e) => e.name === name);
}

function findNode(root: ReadNode, path: EmbedPath): ReadNode {
  let node = root;
  for (const seg of path) {
    const next = findEmbed(node, seg);
    if (!next) throw notEmbedded(seg);
    node = next;
  }
  return node;
}

function resolveFilter(node: ReadNode, field: Field, expr: OpExpr): PlanFilter {
  if (field.jsonPath.length === 0) {
    // As PostgREST: an embed is named here by its alias when it has one.
    const embed = node.embeds.find((e) => e.outputName === field.name);
    if (embed) {
      const op = expr.operation;
      if (op.kind === 'is' && (op.value === 'null' || op.value === 'not_null')) {
        const isNull = (op.value === 'null') !== expr.negated;
        return { kind: 'null-embed', embed, isNull };
      }
      throw new RestError(
        400,
        'PGRST120',
        `Bad operator on the '${field.name}' embedded resource`,
        'Only is null or not is null filters are allowed on embedded resources',
      );
    }
  }
  return { kind: 'filter', field, expr };
}

function resolveLogic(node: ReadNode, tree: LogicTree): PlanLogic {
  if (tree.kind === 'stmt') {
    return { kind: 'stmt', filter: resolveFilter(node, tree.filter.field, tree.filter.expr) };
  }
  return {
    kind: 'expr',
    negated: tree.negated,
    operator: tree.operator,
    children: tree.children.map((c) => resolveLogic(node, c)),
  };
}

function resolveOrder(node: ReadNode, term: OrderTerm): PlanOrder {
  if (term.kind === 'field') return term;
  const embed = findEmbed(node, term.relation);
  if (!embed) throw notEmbedded(term.relation);
  if (!isToOne(embed.relationship)) {
    throw new RestError(
      400,
      'PGRST118',
      `A related order on '${term.relation}' is not possible`,
      `'${node.displayName}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
    );
  }
  const o: PlanOrder = { kind: 'embed', embed, field: term.field };
  if (term.direction) o.direction = term.direction;
  if (term.nulls) o.nulls = term.nulls;
  return o;
}
