#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "field_texts.hpp"
#include "parallel_configuration.hpp"

using namespace batch_planner;
using namespace batch_planner::parallel_configuration;

namespace {

Evaluation evaluate_en(std::vector<std::string> texts) {
    return evaluate_texts<FieldTexts>(std::move(texts), NumberSyntax::en, [](const FieldTexts& views, NumberSyntax s) { return evaluate(views, s); });
}

// The question: Llama 3.1 8B on 2 nodes of 8 H100s (79.6474609375 GiB, 1 GiB set aside, 989.5 and 1,979
// TFLOPS, matmuls measured at 794.5 and 1,402.6, 3,350 GB/s, NVLink at 370 GB/s, 8 NICs of 400 Gb/s), 8K context, 4M tokens a step, 100B tokens; every knob searched.
std::vector<std::string> llama_8b_on_16() {
    return {"32", "4096", "32", "8", "128", "14336", "on", "rmsnorm", "none", "128256", "off", "", "", "", "",
            "16", "8", "79.6474609375", "1", "989.5", "1979", "794.5", "1402.6", "346.325", "3350", "370", "8", "400", "64",
            "8192", "4194304", "tok", "100B", "bf16", "fp32", "flash", "megatron", "alltoall", "off",
            "", "", "", "", "", "", "", "", "", "", "", ""};
}

std::vector<std::string> with(std::vector<std::string> texts, Field field, std::string text) {
    texts[field] = std::move(text);
    return texts;
}

double decimal_of(const Figure& figure) { return std::get<double>(figure); }
std::uint64_t exact_of(const Figure& figure) { return std::get<std::uint64_t>(std::get<Product>(figure)); }

}  // namespace

TEST_CASE("a target of 4,194,304 tokens at 8,192 a sequence is a batch of 512 sequences", "[configuration][batch]") {
    const Evaluation evaluation = evaluate_en(llama_8b_on_16());
    CHECK(evaluation.global_batch == 512);
    CHECK(evaluation.refusal == Refusal::none);
}

TEST_CASE("the best layout is the search's fastest, and its figures follow from its step", "[configuration][best]") {
    const Evaluation evaluation = evaluate_en(llama_8b_on_16());
    REQUIRE(!evaluation.answer.fastest.empty());
    const auto& best = evaluation.answer.fastest.front();
    const double step = decimal_of(evaluation.results[best_step]);
    CHECK(step == best.parts.total);
    // 512 · 8,192 tokens a step over 16 GPUs.
    CHECK(decimal_of(evaluation.results[best_tokens_per_second]) == Approx(512.0 * 8192 / step / 16).epsilon(1e-12));
    // 100B tokens: 100e9 / 4,194,304 steps of that many seconds, in days.
    CHECK(decimal_of(evaluation.results[best_days]) == Approx(100e9 / (512.0 * 8192) * step / 86400).epsilon(1e-12));
    CHECK(exact_of(evaluation.results[best_memory]) == static_cast<std::uint64_t>(best.memory));
    CHECK(exact_of(evaluation.results[fitting]) == evaluation.answer.fitting);
    CHECK(exact_of(evaluation.results[considered]) == evaluation.answer.considered);
    // MFU: model FLOPs (6 per weight a token on its path, 6·s·L·n·d of attention) over GPUs × peak × step.
    const double weights = 32 * (2 * 4096.0 * 4096 + 2 * 4096.0 * 1024 + 3 * 4096.0 * 14336) + 4096.0 * 128256;
    const double flops = (6 * weights + 6 * 8192.0 * 32 * 4096) * 512 * 8192;
    CHECK(decimal_of(evaluation.results[best_mfu]) == Approx(flops / (step * 16 * 989.5e12)).epsilon(1e-12));
}

TEST_CASE("a token target that is no whole number of sequences is refused", "[configuration][refusal]") {
    const Evaluation evaluation = evaluate_en(with(llama_8b_on_16(), target, "4194305"));
    CHECK(evaluation.refusal == Refusal::not_whole_sequences);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[best_step]));
}

TEST_CASE("FP8 on a device without an FP8 peak is refused", "[configuration][refusal]") {
    const Evaluation evaluation = evaluate_en(with(with(with(llama_8b_on_16(), precision, "fp8"), fp8_tflops, ""), fp8_matmul_tflops, ""));
    CHECK(evaluation.refusal == Refusal::fp8_unsupported);
}

TEST_CASE("a measured matmul rate above its peak is refused on its field, and nothing is shown", "[configuration][refusal]") {
    const Evaluation above = evaluate_en(with(llama_8b_on_16(), matmul_tflops, "989.6"));
    CHECK(above.fields[matmul_tflops].status == FieldStatus::conflicting);
    CHECK(std::holds_alternative<std::monostate>(above.results[best_step]));
    const Evaluation fp8_above = evaluate_en(with(llama_8b_on_16(), fp8_matmul_tflops, "1979.1"));
    CHECK(fp8_above.fields[fp8_matmul_tflops].status == FieldStatus::conflicting);
    // An FP8 rate with no FP8 peak to be a share of.
    const Evaluation no_peak = evaluate_en(with(llama_8b_on_16(), fp8_tflops, ""));
    CHECK(no_peak.fields[fp8_matmul_tflops].status == FieldStatus::conflicting);
    CHECK(std::holds_alternative<std::monostate>(no_peak.results[best_step]));
    // At the peak itself it is read.
    CHECK(evaluate_en(with(llama_8b_on_16(), matmul_tflops, "989.5")).refusal == Refusal::none);
}

TEST_CASE("a measured FlashAttention-2 rate above its peak is refused on its field, and nothing is shown", "[configuration][refusal]") {
    const Evaluation above = evaluate_en(with(llama_8b_on_16(), flash2_tflops, "989.6"));
    CHECK(above.fields[flash2_tflops].status == FieldStatus::conflicting);
    CHECK(std::holds_alternative<std::monostate>(above.results[best_step]));
}

TEST_CASE("FlashAttention-2 keeps no scores either: the best layout holds the same memory as under a fused kernel, and takes longer",
          "[configuration][attention]") {
    const Evaluation fused = evaluate_en(llama_8b_on_16());
    const Evaluation flash2 = evaluate_en(with(llama_8b_on_16(), attention_kernel, "flash2"));
    REQUIRE(fused.refusal == Refusal::none);
    REQUIRE(flash2.refusal == Refusal::none);
    CHECK(fused.results[fitting] == flash2.results[fitting]);
    CHECK(decimal_of(flash2.results[best_step]) > decimal_of(fused.results[best_step]));
}

TEST_CASE("a model on one 24 GB card that nothing fits says so and names the closest layout", "[configuration][refusal]") {
    auto texts = with(with(with(llama_8b_on_16(), gpus, "1"), device_memory, "23.98828125"), target, "65536");
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(evaluation.refusal == Refusal::nothing_fits);
    CHECK(exact_of(evaluation.results[fitting]) == 0);
    CHECK(evaluation.answer.smallest.has_value());
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[best_step]));
}

// Llama 3.1 8B's 8,030,261,248 parameters (its model card's 8.03B, counted from its config.json's shape): on one
// GPU every one of them is updated there, 12 bytes of optimizer state each.
constexpr std::uint64_t llama_8b_parameters = 8'030'261'248;

TEST_CASE("when nothing fits, the closest layout with its optimizer states in CPU memory holds 12 bytes a parameter less",
          "[configuration][remedies]") {
    const Evaluation evaluation = evaluate_en(with(with(with(llama_8b_on_16(), gpus, "1"), device_memory, "23.98828125"), target, "65536"));
    REQUIRE(evaluation.refusal == Refusal::nothing_fits);
    REQUIRE(evaluation.remedies.has_value());
    CHECK(evaluation.answer.smallest->memory - evaluation.remedies->offloaded == u128{12} * llama_8b_parameters);
    CHECK_FALSE(evaluation.remedies->offloaded_fits);  // 16 bytes a parameter are still far beyond 24 GB
}

TEST_CASE("when nothing fits, 8-bit Adam moments hold 6 bytes a parameter less than fp32 ones", "[configuration][remedies]") {
    const Evaluation evaluation = evaluate_en(with(with(with(llama_8b_on_16(), gpus, "1"), device_memory, "23.98828125"), target, "65536"));
    REQUIRE(evaluation.remedies.has_value());
    CHECK(evaluation.answer.smallest->memory - evaluation.remedies->eight_bit == u128{6} * llama_8b_parameters);
}

TEST_CASE("states in CPU memory add each updated parameter's fp32 gradient down and its 16-bit value up the PCIe link",
          "[configuration][remedies]") {
    const Evaluation evaluation = evaluate_en(with(with(with(llama_8b_on_16(), gpus, "1"), device_memory, "23.98828125"), target, "65536"));
    REQUIRE(evaluation.remedies.has_value());
    // 8,030,261,248 × (4 + 2) bytes at 64 GB/s each way.
    CHECK(evaluation.remedies->pcie_seconds == Approx(8'030'261'248.0 * 6 / 64e9).epsilon(1e-12));
    // Without the PCIe rate the time is not given.
    const Evaluation unknown = evaluate_en(with(with(with(with(llama_8b_on_16(), gpus, "1"), device_memory, "23.98828125"), target, "65536"),
                                                pcie_bandwidth, ""));
    CHECK(unknown.remedies->pcie_seconds < 0);
}

TEST_CASE("the remedies price the closest layout as the search did, its vocabulary padded for its t", "[configuration][remedies]") {
    // Llama 3 70B's shape on 8 GPUs without a pipeline: the closest layout is t = 8, whose vocabulary Megatron-LM pads
    // to 129,024. What leaves with the states is 12 bytes a parameter, with 8-bit moments 6: half as much, to a byte.
    auto texts = llama_8b_on_16();
    for (const auto& [field, text] : std::vector<std::pair<Field, std::string>>{{layers, "80"}, {hidden_size, "8192"}, {attention_heads, "64"},
                                                                                 {ffn_hidden, "28672"}, {gpus, "8"}, {target, "256"},
                                                                                 {target_unit, "seq"}, {sequence_length, "4096"}, {pipeline_parallel, "1"}}) {
        texts[field] = text;
    }
    const Evaluation evaluation = evaluate_en(texts);
    REQUIRE(evaluation.remedies.has_value());
    REQUIRE(evaluation.answer.smallest->layout.tensor == 8);
    const u128 memory = evaluation.answer.smallest->memory;
    const u128 offloaded = memory - evaluation.remedies->offloaded;
    const u128 eight_bit = memory - evaluation.remedies->eight_bit;
    CHECK(offloaded - 2 * eight_bit <= 1);
}

TEST_CASE("a layout that fits has no remedies", "[configuration][remedies]") {
    CHECK_FALSE(evaluate_en(llama_8b_on_16()).remedies.has_value());
}

TEST_CASE("a fixed knob that no layout can keep leaves none to consider", "[configuration][refusal]") {
    // t = 16 does not divide 8 KV heads.
    const Evaluation evaluation = evaluate_en(with(llama_8b_on_16(), tensor_parallel, "16"));
    CHECK(evaluation.refusal == Refusal::no_layout);
    CHECK(exact_of(evaluation.results[considered]) == 0);
}

TEST_CASE("with every knob set, one layout is predicted", "[configuration][knobs]") {
    auto texts = llama_8b_on_16();
    for (const auto& [field, text] : std::vector<std::pair<Field, std::string>>{
             {tensor_parallel, "2"}, {pipeline_parallel, "1"}, {virtual_stages, "1"}, {context_parallel, "1"}, {expert_parallel, "1"},
             {zero_stage, "1"}, {recompute, "selective"}, {sequence_parallel, "on"}, {micro_batch, "1"}, {accumulation_steps, "64"}}) {
        texts = with(texts, field, text);
    }
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(exact_of(evaluation.results[considered]) == 1);
    REQUIRE(evaluation.answer.fastest.size() == 1);
    CHECK(evaluation.answer.fastest.front().layout.data == 8);
}

TEST_CASE("DeepEP under DeepSpeed is refused on its field, and nothing is shown", "[configuration][refusal]") {
    const Evaluation evaluation = evaluate_en(with(with(llama_8b_on_16(), framework, "deepspeed"), dispatcher, "deepep"));
    CHECK(evaluation.fields[dispatcher].status == FieldStatus::conflicting);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[best_step]));
}

TEST_CASE("HybridEP under PyTorch FSDP is refused on its field", "[configuration][refusal]") {
    const Evaluation evaluation = evaluate_en(with(with(llama_8b_on_16(), framework, "fsdp"), dispatcher, "hybridep"));
    CHECK(evaluation.fields[dispatcher].status == FieldStatus::conflicting);
}

TEST_CASE("DeepEP under torchtitan is read", "[configuration][fields]") {
    const Evaluation evaluation = evaluate_en(with(with(llama_8b_on_16(), framework, "torchtitan"), dispatcher, "deepep"));
    CHECK(evaluation.fields[dispatcher].ok());
    CHECK(evaluation.refusal == Refusal::none);
}

TEST_CASE("experts spread over two nodes cross them for less under DeepEP than under NCCL's all-to-all, at the same compute",
          "[configuration][moe]") {
    // Mixtral 8x7B's shape (32 layers, h 4,096, 32 heads, 8 KV heads, 8 experts of 14,336, 2 a token) at EP 8 over
    // two nodes of 4 GPUs, every other knob fixed.
    auto texts = llama_8b_on_16();
    for (const auto& [field, text] : std::vector<std::pair<Field, std::string>>{
             {vocabulary, "32000"}, {experts, "8"}, {experts_per_token, "2"}, {gpus_per_node, "4"}, {tensor_parallel, "1"},
             {pipeline_parallel, "2"}, {virtual_stages, "1"}, {context_parallel, "1"}, {expert_parallel, "8"}, {zero_stage, "1"},
             {recompute, "full"}, {sequence_parallel, "off"}, {micro_batch, "1"}, {accumulation_steps, "64"}}) {
        texts = with(texts, field, text);
    }
    const Evaluation all_to_all = evaluate_en(texts);
    const Evaluation deep_ep = evaluate_en(with(texts, dispatcher, "deepep"));
    REQUIRE(all_to_all.answer.fastest.size() == 1);
    REQUIRE(deep_ep.answer.fastest.size() == 1);
    const auto& nccl = all_to_all.answer.fastest.front().parts;
    const auto& deep = deep_ep.answer.fastest.front().parts;
    CHECK(deep.expert_parallel < nccl.expert_parallel);
    CHECK(deep.compute == nccl.compute);
    CHECK(deep.total < nccl.total);
}

TEST_CASE("overlapped TP under DeepSpeed is refused on its field", "[configuration][refusal]") {
    const Evaluation evaluation = evaluate_en(with(with(llama_8b_on_16(), framework, "deepspeed"), tensor_overlap, "on"));
    CHECK(evaluation.fields[tensor_overlap].status == FieldStatus::conflicting);
}

TEST_CASE("overlapped TP with TP fixed at 2 and sequence parallelism fixed off is refused on its field", "[configuration][refusal]") {
    const Evaluation evaluation = evaluate_en(with(with(with(llama_8b_on_16(), tensor_overlap, "on"), tensor_parallel, "2"), sequence_parallel, "off"));
    CHECK(evaluation.fields[tensor_overlap].status == FieldStatus::conflicting);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[best_step]));
}

TEST_CASE("with TP overlapped, the search offers no TP without sequence parallelism, which the overlap needs", "[configuration][tensor]") {
    const Evaluation evaluation = evaluate_en(with(with(llama_8b_on_16(), tensor_overlap, "on"), tensor_parallel, "2"));
    REQUIRE(!evaluation.answer.fastest.empty());
    for (const auto& choice : evaluation.answer.fastest) CHECK(choice.layout.sequence_parallel);
    const Evaluation plain = evaluate_en(with(llama_8b_on_16(), tensor_parallel, "2"));
    CHECK(evaluation.answer.considered < plain.answer.considered);
}

namespace {
// Qwen3 235B-A22B (94 layers, h 4,096, 64 heads of 128 with 4 KV heads, 128 experts of 1,536, 8 a token) on 256 H100s
// as Megatron-Bridge 26.04.01 ran it: t2 p8 v4 e32 with the experts whole on their GPUs (expert TP 1), 8,192
// sequences of 4,096 tokens (docs/step-time-calibration.md).
std::vector<std::string> qwen3_235b_on_256(const std::string& expert_tensor) {
    auto texts = llama_8b_on_16();
    for (const auto& [field, text] : std::vector<std::pair<Field, std::string>>{
             {layers, "94"}, {hidden_size, "4096"}, {attention_heads, "64"}, {kv_heads, "4"}, {head_dim, "128"}, {ffn_hidden, "12288"},
             {vocabulary, "151936"}, {experts, "128"}, {experts_per_token, "8"}, {expert_ffn, "1536"}, {gpus, "256"}, {sequence_length, "4096"},
             {target, "8192"}, {target_unit, "seq"}, {tensor_parallel, "2"}, {pipeline_parallel, "8"}, {virtual_stages, "4"},
             {context_parallel, "1"}, {expert_parallel, "32"}, {expert_tensor_parallel, expert_tensor}, {zero_stage, "1"},
             {recompute, "none"}, {sequence_parallel, "on"}, {micro_batch, "1"}}) {
        texts = with(texts, field, text);
    }
    return texts;
}
}  // namespace

TEST_CASE("EP 32 at TP 2 on 256 GPUs at PP 8 has a layout with the experts whole on their GPUs, as NVIDIA ran Qwen3 235B-A22B",
          "[configuration][moe]") {
    // The expert grid ETP × EP × expert-data × PP: 1 × 32 × 1 × 8 = 256; at ETP 2, 2 × 32 × 8 = 512 > 256.
    const Evaluation evaluation = evaluate_en(qwen3_235b_on_256(""));
    REQUIRE(evaluation.answer.considered > 0);
    const auto& layouts = evaluation.answer.fastest.empty() ? std::vector<layout_search::Choice>{*evaluation.answer.smallest} : evaluation.answer.fastest;
    for (const auto& choice : layouts) CHECK(step_time::expert_tensor_of(choice.layout) == 1);
}

TEST_CASE("EP 32 with the experts split as TP 2 splits the rest does not fit 256 GPUs at PP 8", "[configuration][moe]") {
    CHECK(evaluate_en(qwen3_235b_on_256("2")).refusal == Refusal::no_layout);
}

TEST_CASE("a mixture of experts at TP 2 without sequence parallelism has no layout: Megatron-LM refuses it in training",
          "[configuration][moe]") {
    CHECK(evaluate_en(with(qwen3_235b_on_256("1"), sequence_parallel, "off")).refusal == Refusal::no_layout);
}

TEST_CASE("experts whole on their GPUs at TP 2 under DeepSpeed are refused on the field: only Megatron-LM's are priced so",
          "[configuration][refusal]") {
    CHECK(evaluate_en(with(qwen3_235b_on_256("1"), framework, "deepspeed")).fields[expert_tensor_parallel].status == FieldStatus::conflicting);
}

TEST_CASE("shared experts 3,002 wide have no layout at TP 4, which does not divide them, and one at TP 2", "[configuration][moe]") {
    // Qwen3 235B-A22B's heads (64, 4 KV) divide by 4 and 2 alike: only the shared experts' width tells them apart.
    const auto shared = [](const std::string& tensor) {
        return evaluate_en(with(with(with(qwen3_235b_on_256("1"), shared_expert_ffn, "3002"), tensor_parallel, tensor), pipeline_parallel, ""));
    };
    CHECK(shared("4").refusal == Refusal::no_layout);
    CHECK(shared("2").answer.considered > 0);
}

TEST_CASE("an expert TP other than 1 or TP is refused on its field", "[configuration][refusal]") {
    CHECK(evaluate_en(qwen3_235b_on_256("4")).fields[expert_tensor_parallel].status == FieldStatus::conflicting);
}

TEST_CASE("the KV heads must divide the heads", "[configuration][fields]") {
    const Evaluation evaluation = evaluate_en(with(llama_8b_on_16(), kv_heads, "5"));
    CHECK(evaluation.fields[kv_heads].status == FieldStatus::conflicting);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[considered]));
}

TEST_CASE("GPUs that fill no whole number of nodes are named with the nearest counts that do", "[configuration][nodes]") {
    // Issue 50, item 7: 12 GPUs at 8 a node are a node and a half; 8 and 16 fill whole nodes.
    const Evaluation twelve = evaluate_en(with(llama_8b_on_16(), gpus, "12"));
    CHECK(twelve.whole_nodes_below == 8);
    CHECK(twelve.whole_nodes_above == 16);
    // 16 fill two nodes; 4 are part of one node, which a launch on one node takes as it is.
    CHECK(evaluate_en(llama_8b_on_16()).whole_nodes_below == 0);
    CHECK(evaluate_en(with(llama_8b_on_16(), gpus, "4")).whole_nodes_below == 0);
    const Evaluation odd = evaluate_en(with(with(llama_8b_on_16(), gpus, "100"), gpus_per_node, "6"));
    CHECK(odd.whole_nodes_below == 96);
    CHECK(odd.whole_nodes_above == 102);
}

TEST_CASE("an H100's 79.6474609375 GiB is its 85,520,809,984 bytes, nvidia-smi's 81,559 MiB", "[configuration][device]") {
    // 81,559 × 2^20 = 85,520,809,984.
    CHECK(evaluate_en(llama_8b_on_16()).device_bytes == std::optional<std::uint64_t>(85'520'809'984ULL));
    CHECK_FALSE(evaluate_en(with(llama_8b_on_16(), device_memory, "x")).device_bytes);
}
