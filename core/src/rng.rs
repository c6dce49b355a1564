//! CPython's generator: MT19937 with `random.Random`'s seeding and draw rules, so that the
//! core draws exactly what the Python engine draws from the same state.
//!
//! `Random(int)` seeds with `init_by_array` over the int's 32-bit words (least significant
//! first); `getrandbits(k)` (k <= 32) keeps the top k bits of one output; `_randbelow(n)`
//! draws `getrandbits(n.bit_length())` until the result is below n; `shuffle` walks i from
//! the end down to 1, swapping item i with item `_randbelow(i + 1)`; `getrandbits(64)`
//! takes two outputs, the low word first; `random()` is `(a * 2**26 + b) / 2**53` of two
//! outputs' top 27 and 26 bits.

const N: usize = 624;
const M: usize = 397;

/// The generator's whole state: the 624 words and the index of the next one to use
/// (`random.getstate()` gives both, as its 625 integers).
#[derive(Clone)]
pub struct Mt {
    words: [u32; N],
    index: usize,
}

impl Mt {
    /// `random.Random(seed)` for a seed of 0 or more.
    pub fn from_seed(seed: u128) -> Mt {
        let mut key = Vec::new();
        let mut rest = seed;
        while rest > 0 {
            key.push(rest as u32);
            rest >>= 32;
        }
        if key.is_empty() {
            key.push(0);
        }
        Mt::from_key(&key)
    }

    fn init_genrand(seed: u32) -> Mt {
        let mut words = [0u32; N];
        words[0] = seed;
        for i in 1..N {
            let prev = words[i - 1];
            words[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        Mt { words, index: N }
    }

    /// MT19937's `init_by_array`, as CPython seeds from an int.
    fn from_key(key: &[u32]) -> Mt {
        let mut mt = Mt::init_genrand(19_650_218);
        let w = &mut mt.words;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = w[i - 1];
            w[i] = (w[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                w[0] = w[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = w[i - 1];
            w[i] =
                (w[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                w[0] = w[N - 1];
                i = 1;
            }
        }
        w[0] = 0x8000_0000;
        mt
    }

    /// The state as `random.getstate()[1]`: 624 words, then the index.
    pub fn state(&self) -> Vec<u32> {
        let mut out = self.words.to_vec();
        out.push(self.index as u32);
        out
    }

    /// The generator in the state `state()` gave (`random.setstate`); None when the words
    /// are not 625 or the index is past 624.
    pub fn from_state(state: &[u32]) -> Option<Mt> {
        if state.len() != N + 1 || state[N] as usize > N {
            return None;
        }
        let mut words = [0u32; N];
        words.copy_from_slice(&state[..N]);
        Some(Mt {
            words,
            index: state[N] as usize,
        })
    }

    fn twist(&mut self) {
        let w = &mut self.words;
        for k in 0..N {
            let y = (w[k] & 0x8000_0000) | (w[(k + 1) % N] & 0x7fff_ffff);
            let mut next = w[(k + M) % N] ^ (y >> 1);
            if y & 1 != 0 {
                next ^= 0x9908_b0df;
            }
            w[k] = next;
        }
        self.index = 0;
    }

    /// One 32-bit output (`genrand_uint32`).
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.words[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `getrandbits(k)` for 0 <= k <= 32.
    pub fn getrandbits(&mut self, k: u32) -> u32 {
        if k == 0 {
            return 0;
        }
        self.next_u32() >> (32 - k)
    }

    /// `_randbelow(n)`, which `randrange(n)` and `choice` use; n > 0.
    pub fn randbelow(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let k = usize::BITS - n.leading_zeros();
        loop {
            let r = self.getrandbits(k) as usize;
            if r < n {
                return r;
            }
        }
    }

    /// `getrandbits(64)`: two outputs, the first the low word.
    pub fn getrandbits64(&mut self) -> u64 {
        let low = self.next_u32() as u64;
        let high = self.next_u32() as u64;
        low | high << 32
    }

    /// `random()`: a float in [0, 1) of 53 random bits, from two outputs as CPython's
    /// `random_random` makes it.
    pub fn random(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `shuffle(items)`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.randbelow(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Values printed by CPython 3.11: `r = random.Random(7); [r.getrandbits(32) for _ in
    // range(3)]`, `random.Random(2**40 + 5).getrandbits(32)` and
    // `r = random.Random(1); x = list(range(10)); r.shuffle(x)`.
    #[test]
    fn matches_cpython_outputs() {
        let mut r = Mt::from_seed(7);
        let got: Vec<u32> = (0..3).map(|_| r.next_u32()).collect();
        assert_eq!(got, CPYTHON_SEED_7);
        assert_eq!(
            Mt::from_seed((1u128 << 40) + 5).next_u32(),
            CPYTHON_SEED_2_40_PLUS_5
        );
        let mut r = Mt::from_seed(1);
        let mut x: Vec<u32> = (0..10).collect();
        r.shuffle(&mut x);
        assert_eq!(x, CPYTHON_SHUFFLE_SEED_1);
    }

    // CPython 3.11: `r = random.Random(7); [r.random() for _ in range(3)]`,
    // `r = random.Random(5); [r.random() ** (1 / 3) for _ in range(2)]` and
    // `r = random.Random(9); r.getrandbits(64), [r.randrange(10) for _ in range(5)]`.
    #[test]
    fn floats_wide_draws_and_ranges_match_cpython() {
        let mut r = Mt::from_seed(7);
        let got: Vec<f64> = (0..3).map(|_| r.random()).collect();
        assert_eq!(
            got,
            [0.32383276483316237, 0.15084917392450192, 0.6509344730398537]
        );
        let mut r = Mt::from_seed(5);
        let got: Vec<f64> = (0..2).map(|_| r.random().powf(1.0 / 3.0)).collect();
        assert_eq!(got, [0.8540300868990018, 0.9052316651049395]);
        let mut r = Mt::from_seed(9);
        assert_eq!(r.getrandbits64(), 11311824479506114158);
        let got: Vec<usize> = (0..5).map(|_| r.randbelow(10)).collect();
        assert_eq!(got, [5, 4, 2, 2, 0]);
    }

    #[test]
    fn state_round_trip() {
        let mut r = Mt::from_seed(3);
        r.next_u32();
        let mut copy = Mt::from_state(&r.state()).unwrap();
        assert_eq!(copy.next_u32(), r.next_u32());
        assert!(Mt::from_state(&[0; 10]).is_none());
    }

    const CPYTHON_SEED_7: [u32; 3] = include!("../tests/data/cpython_seed_7.txt");
    const CPYTHON_SEED_2_40_PLUS_5: u32 = include!("../tests/data/cpython_seed_2_40_plus_5.txt");
    const CPYTHON_SHUFFLE_SEED_1: [u32; 10] = include!("../tests/data/cpython_shuffle_seed_1.txt");
}
