/** @txenrich/store-sqlite (work in progress). */
export {};
