/* Sytran's engine core: rules.py and heuristics.evaluate in C.
 * Cells are numbered as in geometry.py (ring by ring, then distance, file, rank);
 * the state keeps each cell's colour and the ascending list of empty cells, so the
 * legal placements are a suffix of that list, as in the pure engine. */
/* Plain C, no Python: included once by each thin wrapper, _fast.c (CPython) and
 * interop/wasm/shoal_wasm.c (WebAssembly). */
#ifndef SHOAL_SYTRAN_CORE_H
#define SHOAL_SYTRAN_CORE_H

#include "shoal_core.h"
#include <math.h>

#define MAXC 272
#define NO_RING 6

typedef struct {
    int32_t base, penalty, placed, smallest, swapped, turn;
    int32_t result; /* 0 running, 1 seat 0 won, 2 seat 1 won, 3 draw */
    int32_t nempty;
    uint8_t colour[MAXC]; /* 0 empty, 1 White, 2 Black */
    uint16_t empty[MAXC]; /* empty cell ids, ascending */
} Sytran;

typedef struct {
    int ready, n, num_rings;
    int ring[MAXC];
    int ring_start[16];
    int nbr[MAXC][6];
    int nnbr[MAXC];
    int low[MAXC][6]; /* the neighbours with a smaller id (each edge once: finish()) */
    int nlow[MAXC];
} Geo;

static Geo GEOS[11];

static int iabs(int x) { return x < 0 ? -x : x; }
static int dist(int q, int r) {
    int a = iabs(q), b = iabs(r), c = iabs(q + r);
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

static int cmp_cell(const void *x, const void *y) {
    const int *a = x, *b = y; /* ring, distance, q, r */
    for (int i = 0; i < 4; i++)
        if (a[i] != b[i]) return a[i] - b[i];
    return 0;
}

static const Geo *geo_of(int base) {
    Geo *g = &GEOS[base];
    if (g->ready) return g;
    int span = base - 1, n = 0;
    int cells[MAXC][4];
    for (int q = -span; q <= span; q++)
        for (int r = -span; r <= span; r++) {
            int d = dist(q, r);
            if (d > span) continue;
            cells[n][0] = d / 2 + 1; cells[n][1] = d; cells[n][2] = q; cells[n][3] = r;
            n++;
        }
    qsort(cells, n, sizeof cells[0], cmp_cell);
    g->n = n;
    g->num_rings = span / 2 + 1;
    for (int i = 0; i < n; i++) g->ring[i] = cells[i][0];
    for (int k = 0; k < 16; k++) {
        int s = n;
        for (int i = 0; i < n; i++) if (g->ring[i] >= k) { s = i; break; }
        g->ring_start[k] = s;
    }
    static const int D[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
    for (int i = 0; i < n; i++) {
        g->nnbr[i] = 0;
        for (int k = 0; k < 6; k++) {
            int q = cells[i][2] + D[k][0], r = cells[i][3] + D[k][1];
            for (int j = 0; j < n; j++)
                if (cells[j][2] == q && cells[j][3] == r) { g->nbr[i][g->nnbr[i]++] = j; break; }
        }
        g->nlow[i] = 0;
        for (int k = 0; k < g->nnbr[i]; k++)
            if (g->nbr[i][k] < i) g->low[i][g->nlow[i]++] = g->nbr[i][k];
    }
    g->ready = 1;
    return g;
}

static int sy_legal(const void *p, int *out) {
    const Sytran *s = p;
    if (s->result) return 0;
    const Geo *g = geo_of(s->base);
    int n = 0, i = 0;
    if (s->placed) {
        int lo = g->ring_start[s->placed + 1];
        while (i < s->nempty && s->empty[i] < lo) i++;
    }
    for (; i < s->nempty; i++) out[n++] = s->empty[i];
    if (!s->placed && s->turn == 1 && !s->swapped) out[n++] = g->n;
    return n;
}

static int first_at_least(const Sytran *s, int lo) {
    int a = 0, b = s->nempty; /* the first index whose empty id >= lo */
    while (a < b) {
        int m = (a + b) / 2;
        if (s->empty[m] < lo) a = m + 1; else b = m;
    }
    return a;
}

/* The index in empty[] of the cell sy_random_action last picked: a playout's sy_apply
 * then finds its cell without a search. Only a hint, checked before use (another state's
 * pick, or another thread's, fails the check and the search runs). */
#ifdef __EMSCRIPTEN__
static int picked_index = -1; /* the browser's module runs one thread (and has no TLS) */
#else
static _Thread_local int picked_index = -1; /* the CPython search releases the GIL */
#endif

static int index_of_empty(const Sytran *s, int cell) {
    int i = picked_index;
    if (i >= 0 && i < s->nempty && s->empty[i] == cell) return i;
    return first_at_least(s, cell);
}

static int sy_random_action(const void *p, ShoalRng *rng) {
    const Sytran *s = p;
    const Geo *g = geo_of(s->base);
    int i = s->placed ? first_at_least(s, g->ring_start[s->placed + 1]) : 0;
    int n = s->nempty - i;
    int swap = !s->placed && s->turn == 1 && !s->swapped;
    int k = shoal_rng_below(rng, n + swap);
    picked_index = i + k;
    return k == n ? g->n : s->empty[i + k];
}

/* groups of one colour (1 or 2), by flood fill; label[] gets group numbers from 1 */
static int groups_of(const Sytran *s, const Geo *g, int colour, int *label) {
    int stack[MAXC], groups = 0;
    for (int i = 0; i < g->n; i++) label[i] = 0;
    for (int i = 0; i < g->n; i++) {
        if (s->colour[i] != colour || label[i]) continue;
        groups++;
        int top = 0;
        stack[top++] = i;
        label[i] = groups;
        while (top) {
            int c = stack[--top];
            for (int k = 0; k < g->nnbr[c]; k++) {
                int m = g->nbr[c][k];
                if (s->colour[m] == colour && !label[m]) { label[m] = groups; stack[top++] = m; }
            }
        }
    }
    return groups;
}

static int root_of(int *parent, int c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
}

/* The score at the end (every playout ends here): each colour's stones minus P per group.
 * The groups of both colours in one pass over the cells, by union-find over each edge
 * between two stones of one colour (groups = stones - joins): the same counts as
 * groups_of's flood fill, in about a third of the work. */
static void finish(Sytran *s, const Geo *g) {
    int parent[MAXC], stones[3] = {0, 0, 0}, groups[3] = {0, 0, 0}, score[2];
    for (int i = 0; i < g->n; i++) {
        int c = s->colour[i];
        parent[i] = i;
        if (!c) continue;
        stones[c]++;
        groups[c]++;
        for (int k = 0; k < g->nlow[i]; k++) {
            int m = g->low[i][k];
            if (s->colour[m] != c) continue;
            int a = root_of(parent, i), b = root_of(parent, m);
            if (a != b) {
                parent[a] = b;
                groups[c]--;
            }
        }
    }
    for (int c = 0; c < 2; c++) score[c] = stones[c + 1] - s->penalty * groups[c + 1];
    int seat0 = score[s->swapped], seat1 = score[1 - s->swapped];
    s->result = seat0 == seat1 ? 3 : (seat0 > seat1 ? 1 : 2);
}

static void sy_apply(void *p, int a) {
    Sytran *s = p;
    const Geo *g = geo_of(s->base);
    if (a == g->n) { /* swap */
        s->swapped = 1;
        s->placed = 0;
        s->smallest = NO_RING;
        s->turn++;
        return;
    }
    int i = index_of_empty(s, a);
    memmove(&s->empty[i], &s->empty[i + 1], sizeof(uint16_t) * (s->nempty - i - 1));
    s->nempty--;
    s->empty[s->nempty] = 0;
    s->colour[a] = 1 + ((s->turn + s->swapped) & 1);
    int placed = s->placed + 1, smallest = s->smallest;
    if (g->ring[a] < smallest) smallest = g->ring[a];
    if (placed < smallest && s->nempty && s->empty[s->nempty - 1] >= g->ring_start[placed + 1]) {
        s->placed = placed;
        s->smallest = smallest;
        return;
    }
    s->placed = 0;
    s->smallest = NO_RING;
    s->turn++;
    if (!s->nempty) finish(s, g);
}

static void sy_status(const void *p, ShoalStatus *out) {
    const Sytran *s = p;
    out->turn = s->turn;
    out->over = s->result != 0;
    out->winner = s->result == 1 ? 0 : s->result == 2 ? 1 : -1;
    out->to_move = s->result ? -1 : (s->turn & 1);
}

/* heuristics.projected_scores: stones + empties/2 - P * expected groups */
static double projected(const Sytran *s, const Geo *g, int colour) {
    int label[MAXC];
    int groups = groups_of(s, g, colour, label);
    int stones = 0;
    for (int i = 0; i < g->n; i++) stones += s->colour[i] == colour;
    int empties = s->nempty;
    double expected;
    if (empties) {
        int merges = 0;
        if (groups >= 2)
            for (int e = 0; e < empties; e++) {
                int c = s->empty[e], first = 0;
                for (int k = 0; k < g->nnbr[c]; k++) {
                    int l = label[g->nbr[c][k]];
                    if (!l) continue;
                    if (!first) first = l;
                    else if (l != first) { merges++; break; }
                }
            }
        expected = groups - 0.5 * merges;
        if (expected < 1.0) expected = 1.0;
    } else {
        expected = groups;
    }
    return stones + empties / 2.0 - s->penalty * expected;
}

static double sy_evaluate(const void *p, int seat) {
    const Sytran *s = p;
    if (s->result) return s->result == 3 ? 0.0 : ((s->result - 1) == seat ? 1.0 : -1.0);
    const Geo *g = geo_of(s->base);
    double diff = projected(s, g, 1) - projected(s, g, 2);
    if ((0 ^ s->swapped) != seat) diff = -diff;
    double scale = 2.0 * s->penalty + 10.0;
    return tanh(diff / scale);
}

static const ShoalEngine ENGINE = {
    "sytran", sizeof(Sytran), MAXC + 1, sy_legal, sy_apply, sy_status, sy_evaluate,
    sy_random_action,
};

/* no tables to build */
static void shoal_core_init(void) {}

#endif
