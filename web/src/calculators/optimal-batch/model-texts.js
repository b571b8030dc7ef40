// A model read by the core (models/model-reader.js) as the optimal
// batch calculator's fields: its layers, its width, and its non-embedding
// parameters as Step Law counts them, each layer's attention and MLP matrices
// (the routed experts and router of a mixture of experts included), without
// the embeddings, the output head or the norms; and for a mixture of experts
// the non-embedding parameters a token uses, which DeepSeek's M counts. Pure.

/** {layers, hiddenSize, nonEmbeddingParameters, activeNonEmbeddingParameters} as plain digits ('' for a dense model), from a core report without a problem. */
export function modelTexts(report) {
  const { attention, mlp, experts, router, embeddings, head, norms } = report.parts;
  const moe = report.shape.experts !== '';
  return {
    layers: report.shape.layers,
    hiddenSize: report.shape.hiddenSize,
    nonEmbeddingParameters: String(BigInt(attention) + BigInt(mlp) + BigInt(experts) + BigInt(router)),
    activeNonEmbeddingParameters: moe ? String(BigInt(report.active) - BigInt(embeddings) - BigInt(head) - BigInt(norms)) : '',
  };
}
