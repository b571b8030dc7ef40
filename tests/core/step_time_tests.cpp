#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "step_time.hpp"

using namespace batch_planner;
using namespace batch_planner::step_time;
using grad_memory::Recompute;

namespace {

// A DGX A100 (Selene's nodes): 312 dense FP16 TFLOPS and 2,039 GB/s of HBM (A100 80GB SXM datasheet);
// NVLink 3 at 300 GB/s a direction, of which NCCL's ring reaches the share it reaches on H100
// (370 of 450 GB/s, nccl-tests issue #212): 246.7 GB/s, as the device list gives it; 8 HDR NICs of 200 Gb/s a node.
const Device a100{312e12, 0, 2039e9, 246.7e9, 8, 8 * 200e9 / 8};

// A GPT of Megatron-LM's papers: f = 4h, a KV head per head, LayerNorm, tied embeddings, V = 51,200.
Model gpt(std::uint64_t layers, std::uint64_t hidden, std::uint64_t heads) {
    return Model{layers, hidden, heads, heads, hidden / heads, 4 * hidden, false, true, 51200, true};
}

struct Published {
    std::string run;
    Model model;
    Layout layout;
    double seconds;  // the step as published, or as the paper's TFLOP/s per GPU give it
};

// Narayanan et al. 2021, Table 1: TFLOP/s per GPU counted with the paper's Eq. 3, F = 96·B·s·l·h²·(1 + s/6h + V/16lh)
// (full recomputation's extra forward pass included), so the step is F / (X · n). b = 1 and the interleaved
// schedule's chunks are not published: the test takes b = 1 and the largest of 2 or 3 chunks that divides the
// layers of a stage (1 when neither does).
Published narayanan(const std::string& run, std::uint64_t l, std::uint64_t h, std::uint64_t heads, std::uint64_t t, std::uint64_t p,
                    std::uint64_t gpus, std::uint64_t batch, double tflops) {
    const double s = 2048, V = 51200, L = static_cast<double>(l), H = static_cast<double>(h);
    const double flops = 96 * static_cast<double>(batch) * s * L * H * H * (1 + s / (6 * H) + V / (16 * L * H));
    const std::uint64_t d = gpus / (t * p);
    const std::uint64_t per_stage = l / p;
    const std::uint64_t chunks = p == 1 ? 1 : per_stage % 2 == 0 ? 2 : per_stage % 3 == 0 ? 3 : 1;
    Layout layout{t, p, chunks, 1, 1, d, 0, Recompute::full, false, 1, batch / d};
    return {run, gpt(l, h, heads), layout, flops / (tflops * 1e12 * static_cast<double>(gpus))};
}

// Korthikanti et al. 2022, Table 5 (iteration times as calculon-ai/calculon's validation.py quotes them at
// caa4b11, with the layouts of its validation/seqsel/tab5 files): d = 1, b = 1 (4 for 22B).
Published korthikanti(const std::string& run, std::uint64_t l, std::uint64_t h, std::uint64_t heads, std::uint64_t t, std::uint64_t p,
                      std::uint64_t chunks, std::uint64_t micro, std::uint64_t batch, bool selective, double seconds) {
    Layout layout{t, p, chunks, 1, 1, 1, 0, selective ? Recompute::selective : Recompute::full, selective, micro, batch / micro};
    return {run, gpt(l, h, heads), layout, seconds};
}

std::vector<Published> calibration_runs() {
    return {
        narayanan("Narayanan 1.7B", 24, 2304, 24, 1, 1, 32, 512, 137),
        narayanan("Narayanan 3.6B", 30, 3072, 32, 2, 1, 64, 512, 138),
        narayanan("Narayanan 7.5B", 36, 4096, 32, 4, 1, 128, 512, 142),
        narayanan("Narayanan 18.4B", 40, 6144, 48, 8, 1, 256, 1024, 135),
        narayanan("Narayanan 39.1B", 48, 8192, 64, 8, 2, 512, 1536, 138),
        narayanan("Narayanan 76.1B", 60, 10240, 80, 8, 4, 1024, 1792, 140),
        narayanan("Narayanan 145.6B", 80, 12288, 96, 8, 8, 1536, 2304, 148),
        narayanan("Narayanan 310.1B", 96, 16384, 128, 8, 16, 1920, 2160, 155),
        narayanan("Narayanan 529.6B", 105, 20480, 128, 8, 35, 2520, 2520, 163),
        narayanan("Narayanan 1008B", 128, 25600, 160, 8, 64, 3072, 3072, 163),
        korthikanti("Korthikanti 22B full", 48, 6144, 64, 8, 1, 1, 4, 4, false, 1.42),
        korthikanti("Korthikanti 22B selective + SP", 48, 6144, 64, 8, 1, 1, 4, 4, true, 1.10),
        korthikanti("Korthikanti 175B full", 96, 12288, 96, 8, 8, 3, 1, 64, false, 18.13),
        korthikanti("Korthikanti 175B selective + SP", 96, 12288, 96, 8, 8, 3, 1, 64, true, 13.75),
        korthikanti("Korthikanti 530B full", 105, 20480, 128, 8, 35, 3, 1, 280, false, 49.05),
        korthikanti("Korthikanti 530B selective + SP", 105, 20480, 128, 8, 35, 3, 1, 280, true, 37.83),
        korthikanti("Korthikanti 1T full", 128, 25600, 160, 8, 64, 1, 1, 512, false, 94.42),
        korthikanti("Korthikanti 1T selective + SP", 128, 25600, 160, 8, 64, 1, 1, 512, true, 71.49),
    };
}

// Megatron-LM in 2021-22 ran eager attention in FP16.
const Run paper_run{2048, false, Precision::fp16, GradientPrecision::fp32};

}  // namespace

TEST_CASE("each of the 18 calibration runs is predicted within 10% of its published step", "[step-time][calibration]") {
    for (const Published& published : calibration_runs()) {
        const double predicted = step_seconds(published.model, paper_run, published.layout, a100).total;
        INFO(published.run << ": published " << published.seconds << " s, predicted " << predicted << " s");
        CHECK(std::abs(predicted / published.seconds - 1) <= 0.10);
    }
}

TEST_CASE("runs outside the fit, Narayanan et al. 2021's Table 2 with PTD parallelism, are predicted within 10%", "[step-time][held-out]") {
    // 175B (t = 8, p = 12) with a batch of 1,536 and 530B (t = 8, p = 35) with 2,240, b = 1, on more and more GPUs;
    // TFLOP/s per GPU by Eq. 3 as in Table 1.
    const std::vector<Published> runs{
        narayanan("175B on 384", 96, 12288, 96, 8, 12, 384, 1536, 153), narayanan("175B on 768", 96, 12288, 96, 8, 12, 768, 1536, 149),
        narayanan("175B on 1536", 96, 12288, 96, 8, 12, 1536, 1536, 141), narayanan("530B on 560", 105, 20480, 128, 8, 35, 560, 2240, 171),
        narayanan("530B on 1120", 105, 20480, 128, 8, 35, 1120, 2240, 167), narayanan("530B on 2240", 105, 20480, 128, 8, 35, 2240, 2240, 159),
    };
    for (const Published& published : runs) {
        const double predicted = step_seconds(published.model, paper_run, published.layout, a100).total;
        INFO(published.run << ": published " << published.seconds << " s, predicted " << predicted << " s");
        CHECK(std::abs(predicted / published.seconds - 1) <= 0.10);
    }
}

TEST_CASE("the named parts add up to the step", "[step-time][parts]") {
    for (const Published& published : calibration_runs()) {
        const StepParts parts = step_seconds(published.model, paper_run, published.layout, a100);
        const double sum = parts.compute + parts.memory_bound + parts.tensor_parallel + parts.context_parallel + parts.expert_parallel +
                           parts.pipeline_send + parts.pipeline_bubble + parts.data_parallel + parts.zero3_gather + parts.optimizer;
        CHECK(parts.total == Approx(sum).epsilon(1e-12));
    }
}

TEST_CASE("the achieved-matmul fraction is half its 0.72 ceiling at 1.3e10 FLOPs on an A100, at a GEMM as many times larger on a faster GPU",
          "[step-time][matmul]") {
    CHECK(matmul_efficiency(1.3e10, 312e12) == Approx(0.36).epsilon(1e-12));
    CHECK(matmul_efficiency(1.3e10 * 989.5 / 312, 989.5e12) == Approx(0.36).epsilon(1e-12));
    CHECK(matmul_efficiency(1e15, 312e12) == Approx(0.72 * 1e15 / (1e15 + 1.3e10)).epsilon(1e-12));
}

TEST_CASE("tensor parallelism costs four ring collectives of b·s·h 16-bit elements a layer at NVLink's bus bandwidth", "[step-time][tensor]") {
    // 2 layers, h = 1024, s = 1,024, b = 1, one micro-batch, t = 2, selective recomputation:
    // each collective 2·(2−1)/2 · 1·1,024·1,024·2 bytes / 246.7 GB/s.
    const Model small{2, 1024, 16, 16, 64, 4096, false, true, 1024, true};
    const Layout layout{2, 1, 1, 1, 1, 1, 0, Recompute::selective, false, 1, 1};
    const StepParts parts = step_seconds(small, Run{1024, true, Precision::bf16, GradientPrecision::fp32}, layout, a100);
    CHECK(parts.tensor_parallel == Approx(2 * 4 * (1024.0 * 1024 * 2) / 246.7e9).epsilon(1e-12));
    // Full recomputation repeats the forward's two.
    const Layout full{2, 1, 1, 1, 1, 1, 0, Recompute::full, false, 1, 1};
    CHECK(step_seconds(small, Run{1024, true, Precision::bf16, GradientPrecision::fp32}, full, a100).tensor_parallel ==
          Approx(2 * 6 * (1024.0 * 1024 * 2) / 246.7e9).epsilon(1e-12));
}

TEST_CASE("without tensor, context, expert, pipeline or data parallelism only compute, memory traffic and the optimizer remain",
          "[step-time][parts]") {
    const Model small{2, 1024, 16, 16, 64, 4096, false, true, 1024, true};
    const StepParts parts = step_seconds(small, Run{1024, true, Precision::bf16, GradientPrecision::fp32}, Layout{}, a100);
    CHECK(parts.tensor_parallel == 0);
    CHECK(parts.context_parallel == 0);
    CHECK(parts.expert_parallel == 0);
    CHECK(parts.pipeline_send == 0);
    CHECK(parts.pipeline_bubble == 0);
    CHECK(parts.data_parallel == 0);
    CHECK(parts.zero3_gather == 0);
    CHECK(parts.compute > 0);
    CHECK(parts.optimizer > 0);
}

TEST_CASE("the pipeline bubble is (p−1)/v micro-batches of the stage's time", "[step-time][pipeline]") {
    const Published run = korthikanti("175B", 96, 12288, 96, 8, 8, 3, 1, 64, false, 18.13);
    const StepParts parts = step_seconds(run.model, paper_run, run.layout, a100);
    const double micro_batch = (parts.compute + parts.memory_bound + parts.tensor_parallel + parts.pipeline_send) / 64;
    CHECK(parts.pipeline_bubble == Approx(7.0 / 3 * micro_batch).epsilon(1e-12));
}

TEST_CASE("the optimizer reads and writes 30 bytes a held parameter at 70% of the HBM bandwidth, sharded over d from ZeRO-1",
          "[step-time][optimizer]") {
    const Model small{2, 1024, 16, 16, 64, 4096, false, true, 1024, true};
    const double parameters = static_cast<double>(grad_memory::parameter_split(small).total);
    const Run run{1024, true, Precision::bf16, GradientPrecision::fp32};
    CHECK(step_seconds(small, run, Layout{1, 1, 1, 1, 1, 4, 0, Recompute::selective, false, 1, 1}, a100).optimizer ==
          Approx(30 * parameters / (2039e9 * 0.7)).epsilon(1e-12));
    CHECK(step_seconds(small, run, Layout{1, 1, 1, 1, 1, 4, 1, Recompute::selective, false, 1, 1}, a100).optimizer ==
          Approx(30 * parameters / 4 / (2039e9 * 0.7)).epsilon(1e-12));
}

TEST_CASE("model FLOPs are 72·B·s·l·h²·(1 + V/12lh) for a GPT's matrices plus Megatron-LM's halved 6·s·l·h of attention", "[step-time][mfu]") {
    // GPT-3 175B, B = 1,536, s = 2,048: the compute page's count.
    const double B = 1536, s = 2048, l = 96, h = 12288, V = 51200;
    CHECK(model_flops(gpt(96, 12288, 96), 2048, 1536) == Approx(72 * B * s * l * h * h * (1 + V / (12 * l * h)) + 6 * s * l * h * B * s).epsilon(1e-12));
}

TEST_CASE("the optimizer is sharded over the data- and context-parallel ranks together, as Megatron-LM shards it", "[step-time][optimizer]") {
    const Model small{2, 1024, 16, 16, 64, 4096, false, true, 1024, true};
    const Run run{1024, true, Precision::bf16, GradientPrecision::fp32};
    const double sixteen_replicas = step_seconds(small, run, Layout{1, 1, 1, 1, 1, 16, 1, Recompute::selective, false, 1, 1}, a100).optimizer;
    const double eight_by_two = step_seconds(small, run, Layout{1, 1, 1, 2, 1, 8, 1, Recompute::selective, false, 1, 1}, a100).optimizer;
    CHECK(eight_by_two == Approx(sixteen_replicas).epsilon(1e-12));
}
