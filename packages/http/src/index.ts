/** @txenrich/http (work in progress). */
export {};
