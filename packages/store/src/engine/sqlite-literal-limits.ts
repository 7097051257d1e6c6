import {
  type KyselyPlugin,
  LimitNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  SelectQueryNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

/**
 * A whole-number LIMIT written into the SQL, not bound: a bound LIMIT expires SQLite's cached statement at every
 * execution (README "Statement caches", decision 174). Other values stay bound; only the outer query's LIMIT is looked at.
 */
export class SqliteLiteralLimits implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!SelectQueryNode.is(node) || !node.limit) return node;
    const { limit } = node.limit;
    if (!ValueNode.is(limit) || limit.immediate || !Number.isSafeInteger(limit.value)) return node;
    return { ...node, limit: LimitNode.create(ValueNode.createImmediate(limit.value)) };
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
