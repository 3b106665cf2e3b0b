// Framework-free legal domain code: chunking, retrieval, scoring, clause detection, field extraction, risk rules.
export * from './text';
export * from './citations';
export * from './chunking';
export * from './retrieval';
export * from './scoring';
export * from './clauses';
export * from './extraction';
export * from './risk';
export * from './answering';
export * from './reports';
