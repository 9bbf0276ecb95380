/**
 * @txenrich/schema: the wire contract of txenrich as zod schemas, their
 * inferred types, the validation that turns bad input into the contract's 400
 * bodies, and the OpenAPI 3.1 document generated from the same schemas. Every
 * other package imports wire types from here and nowhere else.
 */
export * from './batches.js';
export * from './categories.js';
export * from './corporations.js';
export * from './enrichment.js';
export * from './errors.js';
export * as examples from './examples.js';
export * from './fields.js';
export * from './item-size.js';
export * from './json-body.js';
export * from './merchants.js';
export { contractErrorMap, jsonTypeOf, messages } from './messages.js';
export * from './name-pattern.js';
export * from './nesting.js';
export * from './openapi.js';
export * from './operator.js';
export * from './outcomes.js';
export * from './recurring.js';
export * from './reports.js';
export * from './results-cursor.js';
export * from './transactions.js';
export * from './triggers.js';
export * from './validate.js';
