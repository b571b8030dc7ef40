// Parameter counts from published config.json files, checked against the
// counts their publishers give. Each family's shapes are those of its
// modeling file in huggingface/transformers (named per test).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "checked_math.hpp"
#include "model_config.hpp"
#include "training_compute.hpp"

using namespace batch_planner;
using namespace batch_planner::model_config;

namespace {

// Members as JSON.parse would give them: digits are numbers, true/false
// booleans, null null, anything else a string.
std::vector<Entry> config(std::vector<std::pair<std::string, std::string>> members) {
    std::vector<Entry> entries;
    for (auto& [key, text] : members) {
        const bool number = !text.empty() && (std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '-');
        const ValueKind kind = text == "true" || text == "false" ? ValueKind::boolean
                               : text == "null"                  ? ValueKind::null
                               : text == "[]"                    ? ValueKind::other
                               : number                          ? ValueKind::number
                                                                 : ValueKind::string;
        entries.push_back({key, kind, text});
    }
    return entries;
}

std::uint64_t total_of(const std::vector<Entry>& entries) {
    const Reading reading = read(entries);
    REQUIRE(reading.ok());
    return static_cast<std::uint64_t>(reading.counts.total);
}

// A count in `unit`s as a publisher writes it, "8.2B": rounded, or cut off ("7.61B" for 7,615,616,512).
std::uint64_t rounded(u128 value, std::uint64_t unit) { return static_cast<std::uint64_t>((value + unit / 2) / unit); }
std::uint64_t cut(u128 value, std::uint64_t unit) { return static_cast<std::uint64_t>(value / unit); }

// meta-llama/Llama-3.1-8B config.json
std::vector<Entry> llama_3_1_8b() {
    return config({{"model_type", "llama"}, {"vocab_size", "128256"}, {"hidden_size", "4096"}, {"intermediate_size", "14336"},
                   {"num_hidden_layers", "32"}, {"num_attention_heads", "32"}, {"num_key_value_heads", "8"},
                   {"attention_bias", "false"}, {"mlp_bias", "false"}, {"tie_word_embeddings", "false"}, {"rope_scaling", "[]"}});
}

// mistralai/Mixtral-8x7B-v0.1 config.json
std::vector<Entry> mixtral_8x7b() {
    return config({{"model_type", "mixtral"}, {"vocab_size", "32000"}, {"hidden_size", "4096"}, {"intermediate_size", "14336"},
                   {"num_hidden_layers", "32"}, {"num_attention_heads", "32"}, {"num_key_value_heads", "8"},
                   {"num_local_experts", "8"}, {"num_experts_per_tok", "2"}, {"tie_word_embeddings", "false"}});
}

// deepseek-ai/DeepSeek-V3 config.json
std::vector<Entry> deepseek_v3() {
    return config({{"model_type", "deepseek_v3"}, {"vocab_size", "129280"}, {"hidden_size", "7168"}, {"intermediate_size", "18432"},
                   {"moe_intermediate_size", "2048"}, {"num_hidden_layers", "61"}, {"num_attention_heads", "128"},
                   {"num_key_value_heads", "128"}, {"n_routed_experts", "256"}, {"n_shared_experts", "1"},
                   {"num_experts_per_tok", "8"}, {"first_k_dense_replace", "3"}, {"moe_layer_freq", "1"}, {"q_lora_rank", "1536"},
                   {"kv_lora_rank", "512"}, {"qk_nope_head_dim", "128"}, {"qk_rope_head_dim", "64"}, {"v_head_dim", "128"},
                   {"num_nextn_predict_layers", "1"}, {"tie_word_embeddings", "false"}});
}

}  // namespace

TEST_CASE("BLOOM-176B has the 176,247,271,424 parameters its model card gives", "[model][bloom][biases][tied]") {
    // bigscience/bloom config.json; modeling_bloom.py. Model card: "176,247,271,424 parameters".
    CHECK(total_of(config({{"model_type", "bloom"}, {"vocab_size", "250880"}, {"hidden_size", "14336"}, {"n_layer", "70"},
                           {"n_head", "112"}})) == 176'247'271'424ULL);
}

TEST_CASE("Pythia-12B has the 11,846,072,320 parameters of the Pythia paper's Table 1", "[model][gpt_neox][biases]") {
    // EleutherAI/pythia-12b config.json; modeling_gpt_neox.py. Biderman et al. 2023, Table 1.
    CHECK(total_of(config({{"model_type", "gpt_neox"}, {"vocab_size", "50688"}, {"hidden_size", "5120"}, {"intermediate_size", "20480"},
                           {"num_hidden_layers", "36"}, {"num_attention_heads", "40"}, {"tie_word_embeddings", "false"}})) ==
          11'846'072'320ULL);
}

TEST_CASE("GPT-2 has 124M parameters, its position embeddings and biases included and its head tied", "[model][gpt2][tied]") {
    // openai-community/gpt2 config.json (n_inner null: 4 * n_embd); modeling_gpt2.py. Model card: "124M parameters".
    CHECK(total_of(config({{"model_type", "gpt2"}, {"vocab_size", "50257"}, {"n_embd", "768"}, {"n_layer", "12"}, {"n_head", "12"},
                           {"n_positions", "1024"}, {"n_inner", "null"}})) == 124'439'808ULL);
}

TEST_CASE("Gemma 7B has the 7,751,248,896 non-embedding parameters of the Gemma paper's Table 2", "[model][gemma][tied]") {
    // google/gemma-7b config.json; modeling_gemma.py (head_dim 256, embeddings tied). Gemma Team 2024, Table 2.
    const Reading reading = read(config({{"model_type", "gemma"}, {"vocab_size", "256000"}, {"hidden_size", "3072"},
                                         {"intermediate_size", "24576"}, {"num_hidden_layers", "28"}, {"num_attention_heads", "16"},
                                         {"num_key_value_heads", "16"}, {"head_dim", "256"}}));
    REQUIRE(reading.ok());
    CHECK(reading.counts.head == 0);
    CHECK(static_cast<std::uint64_t>(reading.counts.total - reading.counts.embeddings) == 7'751'248'896ULL);
}

TEST_CASE("Qwen2.5-7B has 7.61B parameters and 6.53B without embeddings, its q, k and v biased", "[model][qwen2][gqa][biases]") {
    // Qwen/Qwen2.5-7B config.json; modeling_qwen2.py. Model card: "Number of Parameters: 7.61B; (Non-Embedding): 6.53B"
    // (7,615,616,512 cut off, 6,525,621,760 rounded).
    const Reading reading = read(config({{"model_type", "qwen2"}, {"vocab_size", "152064"}, {"hidden_size", "3584"},
                                         {"intermediate_size", "18944"}, {"num_hidden_layers", "28"}, {"num_attention_heads", "28"},
                                         {"num_key_value_heads", "4"}, {"tie_word_embeddings", "false"}}));
    REQUIRE(reading.ok());
    CHECK(static_cast<std::uint64_t>(reading.counts.total) == 7'615'616'512ULL);
    CHECK(cut(reading.counts.total, 10'000'000) == 761);
    CHECK(rounded(reading.counts.total - reading.counts.embeddings - reading.counts.head, 10'000'000) == 653);
}

TEST_CASE("Qwen3-8B has 8.2B parameters and 6.95B without embeddings, q and k normed per head", "[model][qwen3][gqa]") {
    // Qwen/Qwen3-8B config.json; modeling_qwen3.py. Model card: "8.2B; Non-Embedding: 6.95B".
    const Reading reading = read(config({{"model_type", "qwen3"}, {"vocab_size", "151936"}, {"hidden_size", "4096"},
                                         {"intermediate_size", "12288"}, {"num_hidden_layers", "36"}, {"num_attention_heads", "32"},
                                         {"num_key_value_heads", "8"}, {"head_dim", "128"}, {"tie_word_embeddings", "false"}}));
    REQUIRE(reading.ok());
    CHECK(rounded(reading.counts.total, 100'000'000) == 82);
    CHECK(rounded(reading.counts.total - reading.counts.embeddings - reading.counts.head, 10'000'000) == 695);
}

TEST_CASE("Mixtral 8x7B has 47B parameters of which a token uses 13B", "[model][mixtral][moe]") {
    // modeling_mixtral.py. Jiang et al. 2024, section 2: "47B parameters, but only uses 13B active parameters".
    const Reading reading = read(mixtral_8x7b());
    REQUIRE(reading.ok());
    CHECK(static_cast<std::uint64_t>(reading.counts.total) == 46'702'792'704ULL);
    CHECK(static_cast<std::uint64_t>(reading.counts.active) == 12'879'925'248ULL);
    CHECK(rounded(reading.counts.total, 1'000'000'000) == 47);
    CHECK(rounded(reading.counts.active, 1'000'000'000) == 13);
}

TEST_CASE("DeepSeek-V3 has 671B parameters of which a token uses 37B", "[model][deepseek_v3][moe][mla]") {
    // modeling_deepseek_v3.py. DeepSeek-V3 technical report, abstract: "671B total parameters with 37B activated for
    // each token" (written down, not rounded: 37.55B), without the 14B of its multi-token-prediction module.
    const Reading reading = read(deepseek_v3());
    REQUIRE(reading.ok());
    CHECK(static_cast<std::uint64_t>(reading.counts.total) == 671'026'419'200ULL);
    CHECK(static_cast<std::uint64_t>(reading.counts.total / 1'000'000'000) == 671);
    CHECK(static_cast<std::uint64_t>(reading.counts.active / 1'000'000'000) == 37);
    CHECK(reading.moe_layers == 58);
}

TEST_CASE("Llama 3.1 8B has 8.03B parameters and the same active", "[model][llama][gqa]") {
    // modeling_llama.py. Hugging Face model page: "8.03B params".
    const Reading reading = read(llama_3_1_8b());
    REQUIRE(reading.ok());
    CHECK(static_cast<std::uint64_t>(reading.counts.total) == 8'030'261'248ULL);
    CHECK(reading.counts.active == reading.counts.total);
}

TEST_CASE("Phi-3-mini has 3.8B parameters with its fused qkv and gate-up projections", "[model][phi3]") {
    // microsoft/Phi-3-mini-4k-instruct config.json; modeling_phi3.py. Abdin et al. 2024: "3.8 billion parameters".
    CHECK(rounded(total_of(config({{"model_type", "phi3"}, {"vocab_size", "32064"}, {"hidden_size", "3072"},
                                   {"intermediate_size", "8192"}, {"num_hidden_layers", "32"}, {"num_attention_heads", "32"},
                                   {"num_key_value_heads", "32"}, {"tie_word_embeddings", "false"}})),
                  100'000'000) == 38);
}

TEST_CASE("Falcon-7B counts multi-query attention and one LayerNorm per parallel block", "[model][falcon]") {
    // tiiuae/falcon-7b config.json; modeling_falcon.py: query_key_value hidden + 2 * head_dim, input_layernorm only.
    // 65,024·4,544 + 32·(4,544·4,672 + 4,544² + 2·4,544·18,176 + 2·4,544) + 2·4,544 = 6,921,720,704.
    CHECK(total_of(config({{"model_type", "falcon"}, {"vocab_size", "65024"}, {"hidden_size", "4544"}, {"num_hidden_layers", "32"},
                           {"num_attention_heads", "71"}, {"multi_query", "true"}, {"parallel_attn", "true"}, {"bias", "false"},
                           {"new_decoder_architecture", "false"}})) == 6'921'720'704ULL);
}

TEST_CASE("OLMo 2 normalizes q and k over all heads and after each block", "[model][olmo2]") {
    // allenai/OLMo-2-1124-7B config.json; modeling_olmo2.py: q_norm(heads * head_dim), k_norm(kv_heads * head_dim),
    // post_attention_layernorm and post_feedforward_layernorm. 7.30B (Hugging Face model page).
    CHECK(total_of(config({{"model_type", "olmo2"}, {"vocab_size", "100352"}, {"hidden_size", "4096"}, {"intermediate_size", "11008"},
                           {"num_hidden_layers", "32"}, {"num_attention_heads", "32"}, {"num_key_value_heads", "32"},
                           {"tie_word_embeddings", "false"}})) == 7'298'617'344ULL);
}

TEST_CASE("a dense model's active parameters are all of them", "[model][invariant]") {
    const Reading reading = read(config({{"model_type", "mistral"}, {"vocab_size", "32000"}, {"hidden_size", "4096"},
                                         {"intermediate_size", "14336"}, {"num_hidden_layers", "32"}, {"num_attention_heads", "32"},
                                         {"num_key_value_heads", "8"}}));
    REQUIRE(reading.ok());
    CHECK(reading.counts.active == reading.counts.total);
    CHECK(static_cast<std::uint64_t>(reading.counts.total) == 7'241'732'096ULL);
}

TEST_CASE("the parts add up to the total", "[model][invariant]") {
    const Counts counts = read(deepseek_v3()).counts;
    CHECK(counts.embeddings + counts.attention + counts.mlp + counts.experts + counts.router + counts.norms + counts.head ==
          counts.total);
}

TEST_CASE("an unknown model_type is refused by name", "[model][refusal]") {
    const Reading reading = read(config({{"model_type", "mamba"}, {"hidden_size", "4096"}}));
    CHECK(reading.refusal.problem == Problem::unknown_model_type);
    CHECK(reading.refusal.key == "mamba");
}

TEST_CASE("a config without model_type is refused", "[model][refusal]") {
    CHECK(read(config({{"hidden_size", "4096"}})).refusal.problem == Problem::no_model_type);
}

TEST_CASE("a key written as null where the model needs a number is refused by its name", "[model][refusal]") {
    // LlamaConfig's hidden_size is an int: None reaches nn.Linear and fails there.
    auto entries = llama_3_1_8b();
    entries[2] = {"hidden_size", ValueKind::null, ""};
    const Reading reading = read(entries);
    CHECK(reading.refusal.problem == Problem::missing_key);
    CHECK(reading.refusal.key == "hidden_size");
}

// --- keys left out take the config class's default (issue 28, item 10) ----------

TEST_CASE("Mistral without num_key_value_heads has MistralConfig's 8 key-value heads: 7,241,732,096 parameters", "[model][defaults][mistral]") {
    // configuration_mistral.py (transformers 001f85b): num_key_value_heads=8. Mistral 7B's count, as with the key written.
    CHECK(total_of(config({{"model_type", "mistral"}, {"vocab_size", "32000"}, {"hidden_size", "4096"}, {"intermediate_size", "14336"},
                           {"num_hidden_layers", "32"}, {"num_attention_heads", "32"}})) == 7'241'732'096ULL);
}

TEST_CASE("Mistral with num_key_value_heads null has as many key-value heads as heads, as MistralConfig makes of None", "[model][defaults][mistral]") {
    // 32 key-value heads: k_proj and v_proj grow from 4096 x 1024 to 4096 x 4096, 2 x 4096 x 3072 x 32 = 805,306,368 more.
    CHECK(total_of(config({{"model_type", "mistral"}, {"vocab_size", "32000"}, {"hidden_size", "4096"}, {"intermediate_size", "14336"},
                           {"num_hidden_layers", "32"}, {"num_attention_heads", "32"}, {"num_key_value_heads", "null"}})) ==
          7'241'732'096ULL + 805'306'368ULL);
}

TEST_CASE("DeepSeek-V3 without n_shared_experts, first_k_dense_replace and q_lora_rank takes DeepseekV3Config's 1, 3 and 1536", "[model][defaults][deepseek_v3]") {
    auto entries = deepseek_v3();
    entries.erase(std::remove_if(entries.begin(), entries.end(), [](const Entry& entry) {
                      return entry.key == "n_shared_experts" || entry.key == "first_k_dense_replace" || entry.key == "q_lora_rank";
                  }),
                  entries.end());
    REQUIRE(entries.size() == deepseek_v3().size() - 3);
    const Reading reading = read(entries);
    REQUIRE(reading.ok());
    CHECK(static_cast<std::uint64_t>(reading.counts.total) == 671'026'419'200ULL);
    CHECK(static_cast<std::uint64_t>(reading.counts.active) == 37'552'297'472ULL);
}

TEST_CASE("DeepSeek-V3 with q_lora_rank null projects the queries directly, as modeling_deepseek_v3.py does for None", "[model][defaults][deepseek_v3]") {
    auto entries = deepseek_v3();
    for (Entry& entry : entries) {
        if (entry.key == "q_lora_rank") entry = {"q_lora_rank", ValueKind::null, ""};
    }
    // q_proj of 7168 x 128·192 instead of q_a_proj 7168 x 1536, its norm 1536 and q_b_proj 1536 x 128·192, in 61 layers.
    const std::uint64_t low_rank = 7168ULL * 1536 + 1536 + 1536ULL * 128 * 192;
    const std::uint64_t direct = 7168ULL * 128 * 192;
    CHECK(static_cast<std::uint64_t>(read(entries).counts.total) == 671'026'419'200ULL - 61 * low_rank + 61 * direct);
}

TEST_CASE("fractional, negative, exponent and string sizes are refused", "[model][refusal]") {
    for (const auto& [text, kind] : std::vector<std::pair<std::string, ValueKind>>{
             {"4096.5", ValueKind::number}, {"-4096", ValueKind::number}, {"1e+30", ValueKind::number},
             {"Infinity", ValueKind::number}, {"4096", ValueKind::string}}) {
        auto entries = llama_3_1_8b();
        entries[2] = {"hidden_size", kind, text};
        const Reading reading = read(entries);
        CHECK(reading.refusal.problem == Problem::not_a_count);
        CHECK(reading.refusal.key == "hidden_size");
    }
}

TEST_CASE("a huge size is refused with its limit", "[model][refusal]") {
    auto entries = llama_3_1_8b();
    entries[2] = {"hidden_size", ValueKind::number, "9007199254740992"};
    const Reading reading = read(entries);
    CHECK(reading.refusal.problem == Problem::out_of_range);
    CHECK(reading.refusal.limit == 1'048'576);
}

TEST_CASE("a hidden size the heads do not divide is refused", "[model][refusal]") {
    auto entries = llama_3_1_8b();
    entries[2] = {"hidden_size", ValueKind::number, "4097"};
    const Reading reading = read(entries);
    CHECK(reading.refusal.problem == Problem::not_divisible);
    CHECK(reading.refusal.key == "hidden_size");
    CHECK(reading.refusal.other_key == "num_attention_heads");
}

TEST_CASE("more experts per token than experts is refused", "[model][refusal][moe]") {
    auto entries = mixtral_8x7b();
    entries[8] = {"num_experts_per_tok", ValueKind::number, "9"};
    const Reading reading = read(entries);
    CHECK(reading.refusal.problem == Problem::above_other);
    CHECK(reading.refusal.key == "num_experts_per_tok");
}

TEST_CASE("a model past a quadrillion parameters is refused", "[model][refusal]") {
    auto entries = llama_3_1_8b();
    entries[2] = {"hidden_size", ValueKind::number, "1048576"};
    entries[4] = {"num_hidden_layers", ValueKind::number, "65536"};
    CHECK(read(entries).refusal.problem == Problem::too_large);
}

TEST_CASE("a nested value where a count belongs is refused, never read", "[model][refusal]") {
    auto entries = llama_3_1_8b();
    entries[2] = {"hidden_size", ValueKind::other, ""};
    CHECK(read(entries).refusal.problem == Problem::not_a_count);
}

TEST_CASE("Megatron-LM's num_floating_point_operations, run on Llama 3.1 8B, equals 6M + 6sLnd per token",
          "[model][flops][megatron]") {
    // Megatron-LM d98e8a6, megatron/training/training.py, num_floating_point_operations(args, 1) with
    // 32 layers, hidden 4096, 32 heads, 8 query groups, kv_channels 128, ffn 14336, swiglu, vocab 128256,
    // seq_length 8192, run in Python: 421645529382912.0.
    const Reading reading = read(llama_3_1_8b());
    REQUIRE(reading.ok());
    CHECK(training_compute::flops_per_token_with_attention(static_cast<std::uint64_t>(reading.counts.matmul_active), 8192, 32, 32,
                                                           128) * 8192 == u128{421'645'529'382'912ULL});
}

TEST_CASE("Megatron-LM's num_floating_point_operations, run on Mixtral 8x7B, counts two experts per token",
          "[model][flops][megatron][moe]") {
    // The same function with num_experts 8, moe_router_topk 2, moe_ffn_hidden_size 14336, vocab 32000, seq_length 4096:
    // 326477644038144.0.
    const Reading reading = read(mixtral_8x7b());
    REQUIRE(reading.ok());
    CHECK(training_compute::flops_per_token_with_attention(static_cast<std::uint64_t>(reading.counts.matmul_active), 4096, 32, 32,
                                                           128) * 4096 == u128{326'477'644'038'144ULL});
}

TEST_CASE("Megatron-LM's num_floating_point_operations, run on DeepSeek-V3, counts MLA as its formula does",
          "[model][flops][megatron][mla]") {
    // multi_latent_attention with q_lora_rank 1536, kv_lora_rank 512, qk_head_dim 128, qk_pos_emb_head_dim 64,
    // v_head_dim 128; moe_layer_freq [0]*3 + [1]*58, 256 experts, top 8, moe ffn 2048, shared 2048, vocab 129280,
    // seq_length 4096, no MTP: 1023230173249536.0.
    const Reading reading = read(deepseek_v3());
    REQUIRE(reading.ok());
    REQUIRE(reading.attention_head_dim == std::optional<std::uint64_t>(160));
    CHECK(training_compute::flops_per_token_with_attention(static_cast<std::uint64_t>(reading.counts.matmul_active), 4096, 61, 128,
                                                           160) * 4096 == u128{1'023'230'173'249'536ULL});
}

namespace {

// Qwen/Qwen3-30B-A3B config.json (the keys read; its mlp_only_layers is []).
std::vector<Entry> qwen3_30b_a3b() {
    return config({{"model_type", "qwen3_moe"}, {"vocab_size", "151936"}, {"hidden_size", "2048"}, {"intermediate_size", "6144"},
                   {"num_hidden_layers", "48"}, {"num_attention_heads", "32"}, {"num_key_value_heads", "4"}, {"head_dim", "128"},
                   {"moe_intermediate_size", "768"}, {"num_experts", "128"}, {"num_experts_per_tok", "8"},
                   {"decoder_sparse_step", "1"}, {"mlp_only_layers", "[]"}, {"attention_bias", "false"},
                   {"tie_word_embeddings", "false"}});
}

// allenai/OLMoE-1B-7B-0924 config.json.
std::vector<Entry> olmoe_1b_7b() {
    return config({{"model_type", "olmoe"}, {"vocab_size", "50304"}, {"hidden_size", "2048"}, {"intermediate_size", "1024"},
                   {"num_hidden_layers", "16"}, {"num_attention_heads", "16"}, {"num_key_value_heads", "16"},
                   {"num_experts", "64"}, {"num_experts_per_tok", "8"}, {"clip_qkv", "null"}, {"tie_word_embeddings", "false"}});
}

}  // namespace

TEST_CASE("Qwen3-30B-A3B reads as qwen3_moe: 30.5B parameters in total and 3.3B activated, as its model card gives", "[model][qwen3_moe][moe]") {
    // By hand, modeling_qwen3_moe.py: a layer's attention 2,048 × (4,096 + 512 + 512) + 4,096 × 2,048 + 2 × 128 (q and k
    // norms) = 18,874,624; 128 experts of 3 × 2,048 × 768 = 4,718,592; a router of 2,048 × 128; two norms of 2,048:
    // 623,120,640 a layer, 48 layers, two 151,936 × 2,048 embeddings and the final norm: 30,532,122,624. A token
    // uses 8 experts: 56,889,600 a layer, 3,353,032,704 in all.
    const Reading reading = read(qwen3_30b_a3b());
    REQUIRE(reading.ok());
    CHECK(reading.counts.total == 30'532'122'624ULL);
    CHECK(reading.counts.active == 3'353'032'704ULL);
    CHECK(rounded(reading.counts.total, 100'000'000) == 305U);
    CHECK(cut(reading.counts.active, 100'000'000) == 33U);
    CHECK(reading.moe_layers == 48U);
    CHECK(reading.shape.expert_ffn == 768U);
    CHECK(reading.shape.ffn == 6144U);
    CHECK(reading.shape.head_dim == 128U);
}

TEST_CASE("qwen3_moe's decoder_sparse_step puts the experts in every step-th layer, the others dense", "[model][qwen3_moe][moe]") {
    auto entries = qwen3_30b_a3b();
    for (Entry& entry : entries) if (entry.key == "decoder_sparse_step") entry.text = "2";
    const Reading reading = read(entries);
    REQUIRE(reading.ok());
    CHECK(reading.moe_layers == 24U);
    // 24 layers trade 128 experts and a router for a dense MLP of 3 × 2,048 × 6,144.
    CHECK(reading.counts.total == 30'532'122'624ULL - 24ULL * (128ULL * 4'718'592 + 2'048ULL * 128) + 24ULL * 3 * 2'048 * 6'144);
}

TEST_CASE("a qwen3_moe config whose mlp_only_layers lists layers is refused by name, not miscounted", "[model][qwen3_moe][refusal]") {
    auto entries = qwen3_30b_a3b();
    for (Entry& entry : entries) if (entry.key == "mlp_only_layers") entry.text = "";  // a non-empty list: [0, 47]
    const Reading reading = read(entries);
    CHECK(reading.refusal.problem == Problem::not_read);
    CHECK(reading.refusal.key == "mlp_only_layers");
}

TEST_CASE("OLMoE-1B-7B reads as olmoe: 6,919,161,856 parameters, 1,282,017,280 a token uses", "[model][olmoe][moe]") {
    // By hand, modeling_olmoe.py: attention 4 × 2,048² + q_norm 2,048 + k_norm 2,048 = 16,781,312; 64 experts of
    // 3 × 2,048 × 1,024; a router of 2,048 × 64; two norms: 419,569,664 a layer, 16 layers, two 50,304 × 2,048
    // embeddings and the final norm. Its model card: "1B active and 7B total parameters".
    const Reading reading = read(olmoe_1b_7b());
    REQUIRE(reading.ok());
    CHECK(reading.counts.total == 6'919'161'856ULL);
    CHECK(reading.counts.active == 1'282'017'280ULL);
    CHECK(reading.shape.experts == 64U);
    CHECK(reading.shape.experts_per_token == 8U);
    CHECK(reading.shape.expert_ffn == 1024U);
}

TEST_CASE("olmoe takes num_local_experts, OlmoeConfig's other name for num_experts, and its class defaults", "[model][olmoe][defaults]") {
    // OlmoeConfig() is OLMoE-1B-7B but for intermediate_size 2,048: only the model type and that width written.
    const Reading defaults = read(config({{"model_type", "olmoe"}, {"intermediate_size", "1024"}}));
    REQUIRE(defaults.ok());
    CHECK(defaults.counts.total == 6'919'161'856ULL);
    const Reading aliased = read(config({{"model_type", "olmoe"}, {"intermediate_size", "1024"}, {"num_local_experts", "32"}}));
    REQUIRE(aliased.ok());
    CHECK(aliased.shape.experts == 32U);
}

TEST_CASE("DeepSeek-V3's one multi-token-prediction module is named, as the counts leave it out", "[model][deepseek_v3][mtp]") {
    // config.json: "num_nextn_predict_layers": 1.
    CHECK(read(deepseek_v3()).mtp_depths == 1);
}

TEST_CASE("a multi-token-prediction depth not written as a count is none, and a model without one has none",
          "[model][mtp]") {
    auto written_as_float = deepseek_v3();
    for (Entry& entry : written_as_float) {
        if (entry.key == "num_nextn_predict_layers") entry.text = "1.0";
    }
    CHECK(read(written_as_float).mtp_depths == 0);
    CHECK(read(mixtral_8x7b()).mtp_depths == 0);
}
