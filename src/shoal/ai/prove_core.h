/* Native bounded prover: prove.py's AND/OR search in C, through a game's ShoalEngine table.
 *
 * The same question as the pure Prover (does `seat` force a win within `depth` atomic
 * actions?), the same children order (the winner's immediate endings first, the defender's
 * non-endings first) and the same table: per position, the smallest bound proven to win
 * and the largest proven not to. Positions are keyed by two independent 64-bit hashes of
 * the packed state and the seat to move, in an open-addressed table that never replaces
 * (it is sized for the node budget, and each counted node adds at most one entry), so an
 * answer is only as uncertain as a 128-bit hash collision. Where the pure prover keys by
 * state.key(), the packed state may tell apart positions the key merges (a turn counter),
 * so the node counts can differ while the answers cannot.
 *
 * Plain C, no Python: _prove.c is its CPython wrapper (the Prover type). */
#ifndef SHOAL_PROVE_CORE_H
#define SHOAL_PROVE_CORE_H

#include "shoal_core.h"

#define NONE_WIN 0x7fff

typedef struct {
    uint64_t key, check;
    int16_t win_at;  /* smallest bound proven to win, NONE_WIN if none */
    int16_t fail_at; /* largest bound proven not to win, -1 if none */
    int32_t used;
} ProofEntry;

/* One prover: its settings, its table of proven bounds and its stacks. */
typedef struct {
    const ShoalEngine *engine;
    int seat;
    long max_nodes, nodes, count;
    ProofEntry *table;
    uint64_t mask;
    char *arena;      /* children of every frame, a stack of states */
    size_t arena_size;
    int *legal;       /* legal actions of every frame, a stack too */
    size_t legal_size;
    int over_budget;
} Prover;

static void hash2(const char *p, long size, int seat, uint64_t *a, uint64_t *b) {
    uint64_t h = 0x84222325cbf29ce4ULL ^ (uint64_t)(seat + 1);
    uint64_t g = 0x2545f4914f6cdd1dULL + (uint64_t)(seat + 1) * 0x9E3779B97F4A7C15ULL;
    long i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
        g = (g + w) * 0xbf58476d1ce4e5b9ULL;
        g ^= g >> 31;
    }
    for (; i < size; i++) {
        h = (h ^ (uint8_t)p[i]) * 0x100000001b3ULL;
        g = (g + (uint8_t)p[i]) * 0x94d049bb133111ebULL;
    }
    *a = h ^ (h >> 32);
    *b = g ^ (g >> 27);
}

static ProofEntry *slot(Prover *s, uint64_t key, uint64_t check) {
    uint64_t i = key & s->mask;
    while (s->table[i].used && !(s->table[i].key == key && s->table[i].check == check))
        i = (i + 1) & s->mask;
    return &s->table[i];
}

/* 1: won within depth, 0: not; s->over_budget set when the budget ran out */
static int wins(Prover *s, const char *state, int depth, size_t arena_at, size_t legal_at) {
    const ShoalEngine *e = s->engine;
    ShoalStatus st;
    e->status(state, &st);
    if (st.over) return st.winner == s->seat;
    if (depth <= 0) return 0;
    uint64_t key, check;
    hash2(state, e->state_size, st.to_move, &key, &check);
    ProofEntry *entry = slot(s, key, check);
    if (entry->used) {
        if (entry->win_at <= depth) return 1;
        if (entry->fail_at >= depth) return 0;
    }
    if (++s->nodes > s->max_nodes) { s->over_budget = 1; return 0; }
    long size = e->state_size;
    int *legal = s->legal + legal_at;
    int n = e->legal(state, legal);
    char *children = s->arena + arena_at;
    char *ended = (char *)(legal + n); /* n flags after the actions, inside the legal stack */
    for (int i = 0; i < n; i++) {
        char *child = children + (size_t)i * size;
        memcpy(child, state, size);
        e->apply(child, legal[i]);
        ShoalStatus cs;
        e->status(child, &cs);
        ended[i] = (char)cs.over;
    }
    size_t next_arena = arena_at + (size_t)n * size;
    size_t next_legal = legal_at + (size_t)n + ((size_t)n + sizeof(int) - 1) / sizeof(int);
    int mover = st.to_move == s->seat, result = mover ? 0 : 1;
    /* two passes keep the pure prover's stable order: endings first for the winner,
     * non-endings first for the defender */
    for (int pass = 0; pass < 2 && result == !mover; pass++) {
        for (int i = 0; i < n; i++) {
            int first = mover ? ended[i] : !ended[i];
            if (first != (pass == 0)) continue;
            int won = wins(s, children + (size_t)i * size, depth - 1, next_arena, next_legal);
            if (s->over_budget) return 0;
            if (mover && won) { result = 1; break; }
            if (!mover && !won) { result = 0; break; }
        }
    }
    /* found again: an empty slot seen before the recursion may hold another position now */
    entry = slot(s, key, check);
    if (!entry->used) {
        entry->used = 1;
        entry->key = key;
        entry->check = check;
        entry->win_at = NONE_WIN;
        entry->fail_at = -1;
        s->count++;
    }
    if (result) {
        if (depth < entry->win_at) entry->win_at = (int16_t)depth;
    } else if (depth > entry->fail_at) {
        entry->fail_at = (int16_t)depth;
    }
    return result;
}

static int reserve(Prover *s, int depth) {
    const ShoalEngine *e = s->engine;
    size_t frames = (size_t)depth + 1;
    size_t arena = frames * (size_t)e->max_actions * (size_t)e->state_size;
    size_t legal = frames * ((size_t)e->max_actions * 2 + 2);
    if (arena > s->arena_size) {
        char *a = realloc(s->arena, arena);
        if (!a) return -1;
        s->arena = a;
        s->arena_size = arena;
    }
    if (legal > s->legal_size) {
        int *l = realloc(s->legal, legal * sizeof(int));
        if (!l) return -1;
        s->legal = l;
        s->legal_size = legal;
    }
    return 0;
}

/* Sets up a prover for `seat` with a budget of max_nodes counted positions (1 to 10^8, the
 * caller checks): 0, or -1 when memory ran out. */
static int prove_init(Prover *s, const ShoalEngine *e, int seat, long max_nodes) {
    uint64_t size = 1024;
    while (size < (uint64_t)max_nodes * 2) size <<= 1;
    free(s->table);
    s->table = calloc(size, sizeof(ProofEntry));
    if (!s->table) return -1;
    s->mask = size - 1;
    s->count = 0;
    s->nodes = 0;
    s->max_nodes = max_nodes;
    s->seat = seat;
    s->engine = e;
    return 0;
}

/* Does the seat force a win from `state` within `depth` atomic actions (0 to 1000)?
 * 1 won, 0 not, -1 the node budget ran out, -2 no memory. */
static int prove_wins(Prover *s, const char *state, int depth) {
    if (reserve(s, depth) < 0) return -2;
    s->over_budget = 0;
    int result = wins(s, state, depth, 0, 0);
    return s->over_budget ? -1 : result;
}

/* Frees what the prover holds (the struct itself is the caller's). */
static void prove_free(Prover *s) {
    free(s->table);
    free(s->arena);
    free(s->legal);
    s->table = NULL;
    s->arena = NULL;
    s->legal = NULL;
    s->arena_size = s->legal_size = 0;
}

#endif
