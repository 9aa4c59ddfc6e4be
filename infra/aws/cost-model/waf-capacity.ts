/**
 * The API's web ACL as the cost model sees it: the rules the stack deploys (constructs/api-firewall.ts,
 * apiFirewallRules over the route table), how many there are, how many are rate-based, and their web ACL
 * capacity units (WCUs) by AWS's documented statement costs. An estimate: AWS WAF's CheckCapacity API is the
 * authority, and it may charge less where rules share a transformation.
 */
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { routes } from '@wayfarer/shared/api/routes';
import { apiFirewallRules } from '../constructs/api-firewall';
import { API_STAGE_NAME } from '../stacks/api-stack';

/** Where each statement's cost is documented (AWS WAF Developer Guide). */
export const WCU_SOURCES = {
  stringMatch: 'https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-string-match.html',
  regexMatch: 'https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-regex-match.html',
  sizeConstraint:
    'https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-size-constraint-match.html',
  rateBased: 'https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based.html',
  logical: 'https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statements-logical.html',
  capacity: 'https://docs.aws.amazon.com/waf/latest/developerguide/aws-waf-capacity-units.html',
} as const;

type Statement = CfnWebACL.StatementProperty;
type Transformations = CfnWebACL.TextTransformationProperty[] | undefined;

/** Each text transformation adds 10 WCUs; NONE is no transformation. */
function transformationCost(transformations: unknown): number {
  return ((transformations ?? []) as Exclude<Transformations, undefined>).filter(
    (transformation) => transformation.type !== 'NONE',
  ).length * 10;
}

/** Any component but "all query parameters" (+10) or the JSON body (base doubled), which our rules never use. */
function componentCost(fieldToMatch: unknown, base: number): number {
  const field = (fieldToMatch ?? {}) as Record<string, unknown>;
  if ('jsonBody' in field) return base * 2;
  if ('allQueryArguments' in field) return base + 10;
  return base;
}

/** The WCUs of one statement, by the documented cost of its type (WCU_SOURCES). Throws on a type it does not know. */
export function statementCapacity(statement: Statement): number {
  const s = statement as Record<string, unknown> & Statement;
  if (s.byteMatchStatement) {
    const byteMatch = s.byteMatchStatement as CfnWebACL.ByteMatchStatementProperty;
    const base = ['CONTAINS', 'CONTAINS_WORD'].includes(byteMatch.positionalConstraint) ? 10 : 2;
    return componentCost(byteMatch.fieldToMatch, base) + transformationCost(byteMatch.textTransformations);
  }
  if (s.regexMatchStatement) {
    const regex = s.regexMatchStatement as CfnWebACL.RegexMatchStatementProperty;
    return componentCost(regex.fieldToMatch, 3) + transformationCost(regex.textTransformations);
  }
  if (s.sizeConstraintStatement) {
    const size = s.sizeConstraintStatement as CfnWebACL.SizeConstraintStatementProperty;
    return componentCost(size.fieldToMatch, 1) + transformationCost(size.textTransformations);
  }
  if (s.rateBasedStatement) {
    const rate = s.rateBasedStatement as CfnWebACL.RateBasedStatementProperty;
    const keys = ((rate.customKeys ?? []) as unknown[]).length;
    const scopeDown = rate.scopeDownStatement ? statementCapacity(rate.scopeDownStatement as Statement) : 0;
    return 2 + 30 * keys + scopeDown;
  }
  if (s.andStatement || s.orStatement) {
    const nested = ((s.andStatement ?? s.orStatement) as { statements: Statement[] }).statements;
    return nested.reduce((sum, inner) => sum + statementCapacity(inner), 0);
  }
  if (s.notStatement) {
    return statementCapacity((s.notStatement as { statement: Statement }).statement);
  }
  throw new Error(`No documented WCU cost for statement ${Object.keys(statement).join(', ')}`);
}

export interface WebAclFigures {
  readonly rules: number;
  readonly rateBasedRules: number;
  /** WCUs of the whole web ACL, the sum of its rules' (an upper bound: AWS may share transformations). */
  readonly capacity: number;
}

/** The figures of the web ACL the API stack deploys, from the same function and the same route table. */
export function apiWebAclFigures(): WebAclFigures {
  const rules = apiFirewallRules({ routes, stageName: API_STAGE_NAME, originVerifyValue: 'origin-verify' });
  return {
    rules: rules.length,
    rateBasedRules: rules.filter((rule) => (rule.statement as Statement).rateBasedStatement !== undefined)
      .length,
    capacity: rules.reduce((sum, rule) => sum + statementCapacity(rule.statement as Statement), 0),
  };
}
