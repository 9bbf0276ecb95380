/**
 * @txenrich/service: the txenrich use cases, independent of HTTP (work in progress).
 */
export * from './store.js';
