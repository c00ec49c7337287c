/* Cyclix's engine core: rules.py (generate, child, the end) and heuristics.evaluate.
 * The state caches its legal actions (the end test needs them anyway) and keeps the
 * repetition history since the last tile was removed, up to HMAX positions; fast.py
 * leaves longer histories to the pure engine, and a playout that would exceed it
 * forgets the oldest (random play stays far below: 56 in 200 games). */
/* Plain C, no Python: included once by each thin wrapper, _fast.c (CPython) and
 * interop/wasm/shoal_wasm.c (WebAssembly). */
#ifndef SHOAL_CYCLIX_CORE_H
#define SHOAL_CYCLIX_CORE_H

#include "shoal_core.h"
#include <math.h>

#define NSQ 49
#define PASS (NSQ * NSQ * 4)
#define LMAX 80
#define HMAX 96
#define LO_MASK ((1ULL << 50) - 1)

typedef struct {
    uint64_t tiles;
    int32_t side, forfeits, ply, max_turns;
    int32_t result; /* 0 running, 1 White (seat 0) won, 2 Black won, 3 draw */
    int32_t check, nlegal, nhist;
    int8_t sq[8];
    int16_t legal[LMAX];
    uint64_t hist[HMAX][2]; /* earlier keys: (tiles | side << 49, piece fields) */
} Cyclix;

static int RAY[NSQ][8][7], RAYLEN[NSQ][8];
static int KN[NSQ][8], NKN[NSQ];
static uint64_t KNBB[NSQ], ADJBB[NSQ];
static int64_t B_ORTH[NSQ * NSQ], B_DIAG[NSQ * NSQ], B_ANY[NSQ * NSQ];
static int ready;

static void init_tables(void) {
    static const int D[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
    static const int K[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int i = 0; i < NSQ * NSQ; i++) B_ORTH[i] = B_DIAG[i] = B_ANY[i] = -1;
    for (int s = 0; s < NSQ; s++) {
        int f0 = s % 7, r0 = s / 7;
        ADJBB[s] = 0;
        for (int d = 0; d < 8; d++) {
            int f = f0 + D[d][0], r = r0 + D[d][1], n = 0;
            int64_t mask = 0;
            while (f >= 0 && f < 7 && r >= 0 && r < 7) {
                int t = r * 7 + f;
                RAY[s][d][n++] = t;
                if (d < 4) B_ORTH[s * NSQ + t] = mask; else B_DIAG[s * NSQ + t] = mask;
                B_ANY[s * NSQ + t] = mask;
                mask |= 1LL << t;
                f += D[d][0]; r += D[d][1];
            }
            RAYLEN[s][d] = n;
            if (n) ADJBB[s] |= 1ULL << RAY[s][d][0];
        }
        NKN[s] = 0;
        KNBB[s] = 0;
        for (int k = 0; k < 8; k++) {
            int f = f0 + K[k][0], r = r0 + K[k][1];
            if (f >= 0 && f < 7 && r >= 0 && r < 7) {
                KN[s][NKN[s]++] = r * 7 + f;
                KNBB[s] |= 1ULL << (r * 7 + f);
            }
        }
    }
    ready = 1;
}

static inline uint64_t bit(int s) { return s >= 0 ? 1ULL << s : 0; }

static int attacked(int k, uint64_t occ, uint64_t tiles, int ek, int er, int eb, int en) {
    if (en >= 0 && (KNBB[en] >> k & 1)) return 1;
    if (er >= 0) { int64_t m = B_ORTH[er * NSQ + k]; if (m >= 0 && !((uint64_t)m & occ)) return 1; }
    if (eb >= 0) { int64_t m = B_DIAG[eb * NSQ + k]; if (m >= 0 && !((uint64_t)m & occ)) return 1; }
    int64_t m = B_ANY[ek * NSQ + k];
    return m >= 0 && !((uint64_t)m & tiles);
}

static inline int enc(int frm, int to, int re) { return (frm * NSQ + to) * 4 + re; }

/* generate(): the legal moves (no pass) into out; returns their number; *check set */
static int generate(const int8_t *sq, uint64_t tiles, int side, int *out, int *check_out) {
    int o = 4 * side, e = 4 - o;
    int k = sq[o], ek = sq[e], er = sq[e + 1], eb = sq[e + 2], en = sq[e + 3];
    uint64_t own = bit(k) | bit(sq[o + 1]) | bit(sq[o + 2]) | bit(sq[o + 3]);
    uint64_t enemy = bit(ek) | bit(er) | bit(eb) | bit(en);
    uint64_t occ = own | enemy;
    int check = attacked(k, occ, tiles, ek, er, eb, en);
    int n = 0;
    int moves[64];
    for (int kind = 1; kind <= 3; kind++) {
        int s = sq[o + kind];
        if (s < 0) continue;
        uint64_t sb = 1ULL << s;
        int nm = 0;
        if (kind == 3) {
            for (int i = 0; i < NKN[s]; i++) {
                int t = KN[s][i];
                if (!(own >> t & 1)) moves[nm++] = enc(s, t, 0);
            }
        } else {
            int first = kind == 1 ? 0 : 4;
            for (int d = first; d < first + 4; d++)
                for (int i = 0; i < RAYLEN[s][d]; i++) {
                    int t = RAY[s][d][i];
                    if (occ >> t & 1) {
                        if (enemy >> t & 1) moves[nm++] = enc(s, t, 0);
                        break;
                    }
                    moves[nm++] = enc(s, t, 0);
                }
        }
        uint64_t occ_wo = occ ^ sb;
        if (!check && (B_ANY[s * NSQ + k] < 0 || !attacked(k, occ_wo, tiles ^ sb, ek, er, eb, en))) {
            for (int i = 0; i < nm; i++) out[n++] = moves[i];
            continue;
        }
        for (int i = 0; i < nm; i++) {
            int a = moves[i], t = (a >> 2) % NSQ;
            uint64_t tb = 1ULL << t;
            uint64_t nt = (tiles & tb) ? tiles : ((tiles ^ sb) | tb);
            int bad;
            if (enemy & tb)
                bad = attacked(k, occ_wo | tb, nt, ek, er == t ? -1 : er, eb == t ? -1 : eb,
                               en == t ? -1 : en);
            else
                bad = attacked(k, occ_wo | tb, nt, ek, er, eb, en);
            if (!bad) out[n++] = a;
        }
    }
    uint64_t kb = 1ULL << k, occ_wo = occ ^ kb, tiles_wo = tiles ^ kb;
    int hand[3], nh = 0;
    if (!check)
        for (int kind = 1; kind <= 3; kind++) if (sq[o + kind] < 0) hand[nh++] = kind;
    int base = k * 196;
    for (int d = 0; d < 8; d++) {
        int t = -1;
        if (check) {
            if (!RAYLEN[k][d]) continue;
            t = RAY[k][d][0];
            if (!(tiles >> t & 1)) continue;
        } else {
            for (int i = 0; i < RAYLEN[k][d]; i++)
                if (tiles >> RAY[k][d][i] & 1) { t = RAY[k][d][i]; break; }
            if (t < 0) continue;
        }
        uint64_t tb = 1ULL << t;
        if (own & tb) continue;
        uint64_t no = occ_wo | tb;
        if (enemy & tb) {
            if (!attacked(t, no, tiles_wo, ek, er == t ? -1 : er, eb == t ? -1 : eb, en == t ? -1 : en))
                out[n++] = base + t * 4;
            continue;
        }
        if (!attacked(t, no, tiles_wo, ek, er, eb, en)) {
            out[n++] = base + t * 4;
            for (int i = 0; i < nh; i++) out[n++] = base + t * 4 + hand[i];
        }
    }
    *check_out = check;
    return n;
}

static void key_of(const Cyclix *s, uint64_t *lo, uint64_t *hi) {
    *lo = s->tiles | ((uint64_t)s->side << 49);
    uint64_t h = 0;
    for (int i = 0; i < 8; i++) if (s->sq[i] >= 0) h |= (uint64_t)(s->sq[i] + 1) << (6 * i);
    *hi = h;
}

/* the CyclixState constructor: outcome, check and legal actions of the new position */
static void settle(Cyclix *s) {
    memset(s->legal, 0, sizeof s->legal);
    s->nlegal = 0;
    s->check = 0;
    if (s->forfeits >= 2) { s->result = 3; return; }
    uint64_t lo, hi;
    key_of(s, &lo, &hi);
    int seen = 0;
    for (int i = 0; i < s->nhist; i++) seen += s->hist[i][0] == lo && s->hist[i][1] == hi;
    if (seen >= 2) { s->result = 3; return; }
    int moves[LMAX], check;
    int n = generate(s->sq, s->tiles, s->side, moves, &check);
    s->check = check;
    if (n) {
        for (int i = 0; i < n; i++) s->legal[i] = (int16_t)moves[i];
        s->nlegal = n;
    } else if (check) {
        s->result = s->side == 0 ? 2 : 1; /* the other side mates */
        return;
    } else {
        s->legal[0] = PASS;
        s->nlegal = 1;
    }
    if (s->max_turns && s->ply >= s->max_turns) {
        s->result = 3;
        s->nlegal = 0;
        memset(s->legal, 0, sizeof s->legal);
    }
}

static int cy_legal(const void *p, int *out) {
    const Cyclix *s = p;
    if (s->result) return 0;
    for (int i = 0; i < s->nlegal; i++) out[i] = s->legal[i];
    return s->nlegal;
}

static void push_hist(Cyclix *s) {
    uint64_t lo, hi;
    key_of(s, &lo, &hi);
    if (s->nhist == HMAX) { /* forget the oldest (see the top of the file) */
        memmove(s->hist[0], s->hist[1], sizeof(s->hist[0]) * (HMAX - 1));
        s->nhist--;
    }
    s->hist[s->nhist][0] = lo;
    s->hist[s->nhist][1] = hi;
    s->nhist++;
}

static void clear_hist(Cyclix *s) {
    memset(s->hist, 0, sizeof(s->hist[0]) * s->nhist);
    s->nhist = 0;
}

static void cy_apply(void *p, int action) {
    Cyclix *s = p;
    int side = s->side;
    if (action == PASS) {
        push_hist(s);
        s->side = 1 - side;
        s->forfeits = s->forfeits + 1 < 2 ? s->forfeits + 1 : 2;
        s->ply++;
        settle(s);
        return;
    }
    int re = action & 3, ft = action >> 2, frm = ft / NSQ, to = ft % NSQ, o = 4 * side;
    int mover = o;
    while (s->sq[mover] != frm) mover++;
    int king_plain = mover == o && !re;
    if (king_plain) clear_hist(s); else push_hist(s); /* the key before the move */
    for (int i = 0; i < 8; i++) if (s->sq[i] == to) { s->sq[i] = -1; break; }
    s->sq[mover] = (int8_t)to;
    if (mover == o) {
        if (re) s->sq[o + re] = (int8_t)frm;
        else s->tiles ^= 1ULL << frm;
    } else if (!(s->tiles >> to & 1)) {
        s->tiles = (s->tiles ^ (1ULL << frm)) | (1ULL << to);
    }
    s->side = 1 - side;
    s->forfeits = 0;
    s->ply++;
    settle(s);
}

static void cy_status(const void *p, ShoalStatus *out) {
    const Cyclix *s = p;
    out->turn = s->ply;
    out->over = s->result != 0;
    out->winner = s->result == 1 ? 0 : s->result == 2 ? 1 : -1;
    out->to_move = s->result ? -1 : s->side;
}

static const double PIECE_VALUES[4] = {0.0, 5.0, 3.0, 3.0};

static void king_view(const Cyclix *s, int side, int *mobility, int *adjacent) {
    int k = s->sq[4 * side];
    uint64_t own = 0;
    for (int i = 4 * side; i < 4 * side + 4; i++) own |= bit(s->sq[i]);
    int m = 0;
    for (int d = 0; d < 8; d++)
        for (int i = 0; i < RAYLEN[k][d]; i++) {
            int t = RAY[k][d][i];
            if (s->tiles >> t & 1) { if (!(own >> t & 1)) m++; break; }
        }
    *mobility = m;
    *adjacent = __builtin_popcountll(ADJBB[k] & s->tiles);
}

static double cy_evaluate(const void *p, int seat) {
    const Cyclix *s = p;
    if (s->result) return s->result == 3 ? 0.0 : ((s->result - 1) == seat ? 1.0 : -1.0);
    double material[2] = {0.0, 0.0}, hand[2] = {0.0, 0.0};
    uint64_t occ = 0;
    for (int i = 0; i < 8; i++) {
        double value = PIECE_VALUES[i & 3];
        if (s->sq[i] >= 0) { material[i / 4] += value; occ |= 1ULL << s->sq[i]; }
        else hand[i / 4] += value * 0.6;
    }
    int m0, a0, m1, a1;
    king_view(s, 0, &m0, &a0);
    king_view(s, 1, &m1, &a1);
    double checks[2];
    for (int side = 0; side < 2; side++) {
        int e = 4 * (1 - side);
        checks[side] = (double)attacked(s->sq[4 * side], occ, s->tiles, s->sq[e], s->sq[e + 1],
                                        s->sq[e + 2], s->sq[e + 3]);
    }
    double score = 0.0;
    score += 1.0 * (material[0] - material[1]);
    score += 1.0 * (hand[0] - hand[1]);
    score += 0.35 * (double)(m0 - m1);
    score += 0.45 * (double)(a0 - a1);
    score += -0.8 * (checks[0] - checks[1]);
    double value = 0.95 * tanh(score / 6.0);
    return seat == 0 ? value : -value;
}

static const ShoalEngine ENGINE = {
    "cyclix", sizeof(Cyclix), LMAX, cy_legal, cy_apply, cy_status, cy_evaluate,
};

static void shoal_core_init(void) {
    if (!ready) init_tables();
}

#endif
