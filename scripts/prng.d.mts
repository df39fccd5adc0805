export declare function prng(seed: number): () => number;
