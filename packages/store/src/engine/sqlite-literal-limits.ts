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
 * SQLite (3.53 here) lets the planner look at a bound LIMIT, so binding that parameter expires the statement:
 * every execution of `… limit ?` is prepared again, about 9 µs on the invitations table against 2 µs for the
 * lookup itself. A LIMIT that is a whole number is a constant of the query, not data from a caller, so it is
 * written into the SQL and a cached statement runs as is. Other values (named parameters of compiled queries)
 * stay bound. Only the outer query's LIMIT is looked at: walking every query's whole tree would cost more than
 * it saves.
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
