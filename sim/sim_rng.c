/* sim_rng.c — the team's dice: splitmix64, small and good enough for
 * choosing actions, and seeded, so a seed replays a whole run (the unit
 * tests rely on it; `demo --seed N` reproduces what someone saw). */
#include "sim/sim.h"

void sim_rng_seed(sim_rng *r, uint64_t seed) { r->s = seed; }

uint64_t sim_rand(sim_rng *r)
{
	uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

unsigned sim_below(sim_rng *r, unsigned n)
{
	return n ? (unsigned)(sim_rand(r) % n) : 0;
}

bool sim_chance(sim_rng *r, unsigned percent) { return sim_below(r, 100) < percent; }

void sim_hex(sim_rng *r, char *out, size_t digits)
{
	static const char hex[] = "0123456789abcdef";
	uint64_t v = sim_rand(r);
	for (size_t i = 0; i < digits; i++) {
		if (i % 16 == 15)
			v = sim_rand(r);
		out[i] = hex[v & 15];
		v >>= 4;
	}
	out[digits] = '\0';
}
