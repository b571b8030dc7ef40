// A model read by the core (training-compute/model-reader.js) as the optimal
// batch calculator's fields: its layers, its width, and its non-embedding
// parameters as Step Law counts them, each layer's attention and MLP matrices
// (the routed experts and router of a mixture of experts included), without
// the embeddings, the output head or the norms. Pure.

/** {layers, hidden, parameters} as plain digits, from a core report without a problem. */
export function modelTexts(report) {
  const { attention, mlp, experts, router } = report.parts;
  return {
    layers: report.shape.layers,
    hidden: report.shape.hidden,
    parameters: String(BigInt(attention) + BigInt(mlp) + BigInt(experts) + BigInt(router)),
  };
}
