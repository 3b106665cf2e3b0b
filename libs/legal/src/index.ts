// Framework-free legal domain code: chunking, retrieval scoring, clause detection, risk rules.
export {};
