# Included by _lexbor.pyx: the big blocks lexbor frees, kept for the next page.
#
# Lexbor takes a document's memory in blocks of ~34 KB (its pools' chunks: a 20 MB page
# takes ~4,400 of them, ~150 MB) and frees all but the first of each pool when the document
# is cleaned for the next page. glibc then hands the top of its heap back to the system, and
# the next big page faults all of it in again: ~30,000 minor faults, a third of lexbor's own
# time on a 20 MB page. So lexbor's allocator (``lexbor_memory_setup``: four function
# pointers, process-wide, also used by selectolax's own parsers) is wrapped here: a freed
# block of at least LS_MIN bytes, while lexbor holds more than LS_ENGAGE bytes of them (a big
# page's tree), is not freed but kept, by size class, and the next request of about its size
# (up to about twice) takes it back, a warm one first.
#
# Every block is still glibc's (taken with malloc, calloc or realloc; never ours), so any
# pointer lexbor holds, whenever it was allocated, can be freed or reallocated as before:
# the wrapper only decides when free() is called. Kept blocks up to LS_KEEP bytes (a
# worker's budget: keep_chunks) stay warm; beyond, their pages go back to the system
# (madvise MADV_FREE: taken back when the system needs memory, else found again without a
# fault), and at most LS_MAX bytes are kept at all (beyond: freed; in a worker, at most its
# budget, as its memory limit counts the address space kept). The list is guarded by
# a spin lock (lexbor may run in any thread); madvise runs outside it, before the block is
# listed, so no thread can take a block whose pages are being given back.

cdef extern from *:
    """
    #include <stdint.h>
    #include <stdlib.h>
    #include <string.h>
    #include <pthread.h>
    #include <sys/mman.h>
    #include <unistd.h>
    #ifdef __GLIBC__
    #include <malloc.h>
    #define LS_USABLE(p) malloc_usable_size(p)
    #define LS_AVAILABLE 1
    #else
    #define LS_USABLE(p) ((size_t)0)
    #define LS_AVAILABLE 0
    #endif

    #define LS_MIN ((size_t)16 << 10)      /* smaller blocks: freed at once */
    #define LS_ENGAGE ((int64_t)2 << 20)   /* lexbor's blocks of a big page (from ~250 KB of HTML) */
    #define LS_CLASSES 256                 /* size class: the block's highest bit and the two after */
    #define LS_SCAN 8                      /* blocks of the request's own class looked at */
    #define LS_WIDER 4                     /* classes above it looked at (sizes up to twice) */
    #define LS_KEEP ((size_t)2 << 20)      /* warm bytes kept at least (2 MiB) */
    #define LS_MAX ((size_t)256 << 20)     /* bytes kept at most, warm or not (a 32 MB page's) */
                                           /* (a worker's budget: warm or not, at most that) */

    typedef struct { char* p; size_t size; int warm; } ls_block;
    typedef unsigned int (*ls_setup_f)(void* (*)(size_t), void* (*)(void*, size_t),
                                       void* (*)(size_t, size_t), void (*)(void*));

    /* the kept blocks by list: (size class << 1) | warm (the warm ones are taken first) */
    static ls_block* ls_lists[2 * LS_CLASSES];
    static size_t ls_count[2 * LS_CLASSES], ls_room[2 * LS_CLASSES];
    static size_t ls_warm = 0, ls_total = 0, ls_keep_max = LS_KEEP, ls_total_max = LS_MAX;
    static size_t ls_takes = 0, ls_puts = 0;   /* (for the tests) */
    static int ls_installed = 0;
    static int ls_enabled = 1;             /* (ls_enable: the tests compare both) */
    static char ls_lock_flag = 0;

    static inline void ls_lock(void) { while (__atomic_test_and_set(&ls_lock_flag, __ATOMIC_ACQUIRE)) {} }
    static inline void ls_unlock(void) { __atomic_clear(&ls_lock_flag, __ATOMIC_RELEASE); }
    static void ls_after_fork(void) { ls_lock_flag = 0; }  /* (a thread of the parent held it) */
    static inline int ls_class(size_t n) {  /* (n >= LS_MIN) */
        int bit = 63 - __builtin_clzll((unsigned long long)n);
        return (bit << 2) | (int)((n >> (bit - 2)) & 3);
    }

    /* The pages wholly inside the block back to the system (its last 8 bytes excluded:
       glibc may keep the next chunk's size there). */
    static void ls_give_back(char* p, size_t size) {
        uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        uintptr_t start = ((uintptr_t)p + page - 1) & ~(page - 1);
        uintptr_t end = ((uintptr_t)p + size - 8) & ~(page - 1);
        if (end <= start) return;
    #ifdef MADV_FREE
        if (madvise((void*)start, end - start, MADV_FREE) == 0) return;
    #endif
        madvise((void*)start, end - start, MADV_DONTNEED);
    }

    /* A kept block of at least ``size`` bytes and at most about twice as many, or NULL: a
       warm one when there is one (the pages of the others went back: touching them again
       may fault, and putting it back beyond the warm budget costs a madvise again). */
    static char* ls_take(size_t size) {
        int c = ls_class(size), k, warm, slot;
        size_t i, low;
        ls_lock();
        for (warm = 1; warm >= 0; warm--) {
            for (k = c; k <= c + LS_WIDER && k < LS_CLASSES; k++) {
                slot = (k << 1) | warm;
                ls_block* list = ls_lists[slot];
                low = ls_count[slot] > LS_SCAN ? ls_count[slot] - LS_SCAN : 0;
                for (i = ls_count[slot]; i > low; i--) {
                    if (list[i - 1].size >= size) {
                        ls_block b = list[i - 1];
                        list[i - 1] = list[--ls_count[slot]];
                        ls_total -= b.size;
                        if (b.warm) ls_warm -= b.size;
                        ls_takes++;
                        ls_unlock();
                        return b.p;
                    }
                }
            }
        }
        ls_unlock();
        return NULL;
    }

    /* Keep a freed block of ``size`` usable bytes; 0: not kept (the caller frees it). */
    static int ls_put(char* p, size_t size) {
        int c, warm;
        ls_lock();
        if (ls_total + size > ls_total_max) { ls_unlock(); return 0; }
        warm = ls_warm + size <= ls_keep_max;
        ls_total += size;
        if (warm) ls_warm += size;
        ls_unlock();
        if (!warm) ls_give_back(p, size);
        c = (ls_class(size) << 1) | warm;
        ls_lock();
        if (ls_count[c] == ls_room[c]) {
            size_t wider = ls_room[c] ? 2 * ls_room[c] : 64;
            ls_block* grown = (ls_block*)realloc(ls_lists[c], wider * sizeof(ls_block));
            if (grown == NULL) {
                ls_total -= size;
                if (warm) ls_warm -= size;
                ls_unlock();
                return 0;
            }
            ls_lists[c] = grown;
            ls_room[c] = wider;
        }
        ls_lists[c][ls_count[c]].p = p;
        ls_lists[c][ls_count[c]].size = size;
        ls_lists[c][ls_count[c]++].warm = warm;
        ls_puts++;
        ls_unlock();
        return 1;
    }

    /* Bytes of the blocks of LS_MIN bytes or more lexbor holds (any thread; approximate:
       a block allocated before the wrapper is counted when freed only, floored at 0). */
    static int64_t ls_live = 0;

    static inline void ls_hold(void* p) {
        size_t size = p != NULL ? LS_USABLE(p) : 0;
        if (size >= LS_MIN) __atomic_add_fetch(&ls_live, (int64_t)size, __ATOMIC_RELAXED);
    }

    static void* ls_malloc(size_t size) {
        void* p = size >= LS_MIN ? ls_take(size) : NULL;
        if (p == NULL) p = malloc(size);
        if (size >= LS_MIN) ls_hold(p);
        return p;
    }

    static void* ls_calloc(size_t num, size_t size) {
        size_t total;
        void* p;
        if (__builtin_mul_overflow(num, size, &total)) return NULL;
        p = total >= LS_MIN ? ls_take(total) : NULL;
        if (p == NULL) p = calloc(num, size);
        else memset(p, 0, total);
        if (total >= LS_MIN) ls_hold(p);
        return p;
    }

    /* Only the blocks of a page whose lexbor tree held more than LS_ENGAGE are kept (the
       first ones freed: all but the last LS_ENGAGE): glibc keeps a smaller page's blocks
       warm on its own, and a block kept here is memory glibc cannot give to the next
       allocations of the same page (a bigger working set). speed.py's order on aeb, kept
       vs freed: 6.89x vs 6.89x trafilatura's speed; linearity.py --fields text: 1.079-1.084
       (8 MB: 1.091-1.096, as pages of 1-5 MB kept less). */
    static void ls_free(void* p) {
        size_t size;
        int64_t before;
        if (p == NULL) return;
        size = LS_USABLE(p);
        if (size >= LS_MIN) {
            before = __atomic_fetch_sub(&ls_live, (int64_t)size, __ATOMIC_RELAXED);
            if (before < (int64_t)size) __atomic_store_n(&ls_live, 0, __ATOMIC_RELAXED);
            if (ls_enabled && before > LS_ENGAGE && ls_put((char*)p, size)) return;
        }
        free(p);
    }

    /* A block growing past its size takes a kept one when there is one (lexbor's buffers
       grow by doubling: a big page's take the sizes the last big page left). */
    static void* ls_realloc(void* p, size_t size) {
        size_t old;
        char* q;
        if (p == NULL) return ls_malloc(size);
        old = LS_USABLE(p);
        if (size < LS_MIN || size <= old || (q = ls_take(size)) == NULL) {
            if (old >= LS_MIN) __atomic_sub_fetch(&ls_live, (int64_t)old, __ATOMIC_RELAXED);
            q = (char*)realloc(p, size);
            if (q != NULL) ls_hold(q);
            else if (size != 0) ls_hold(p);  /* (a failed realloc leaves p as it was; size 0 freed it) */
            return q;
        }
        memcpy(q, p, old);
        ls_hold(q);
        ls_free(p);
        return q;
    }

    /* Wrap lexbor's allocator (once); whether it is wrapped. */
    static int ls_install(void* setup) {
        if (!ls_installed && LS_AVAILABLE && setup != NULL
                && ((ls_setup_f)setup)(ls_malloc, ls_realloc, ls_calloc, ls_free) == 0) {
            ls_installed = 1;
            pthread_atfork(NULL, NULL, ls_after_fork);
        }
        return ls_installed;
    }

    /* Free kept blocks while ``over`` says so: the warm ones beyond the budget, or all. */
    static int ls_over_budget(void) { return ls_warm > ls_keep_max; }
    static int ls_over_total(void) { return ls_total > ls_total_max; }
    static int ls_any(void) { return ls_total > 0; }

    static void ls_drop(int (*over)(void), int warm_only) {
        int c;
        size_t i, n;
        char* drop[64];
        do {
            n = 0;
            ls_lock();
            for (c = 0; c < 2 * LS_CLASSES && over() && n < 64; c++) {
                if (warm_only && !(c & 1)) continue;
                for (i = ls_count[c]; i > 0 && over() && n < 64; i--) {
                    ls_block b = ls_lists[c][i - 1];
                    drop[n++] = b.p;
                    if (b.warm) ls_warm -= b.size;
                    ls_total -= b.size;
                    ls_lists[c][i - 1] = ls_lists[c][--ls_count[c]];
                }
            }
            ls_unlock();
            for (i = 0; i < n; i++) free(drop[i]);
        } while (n == 64);
    }

    /* Keep up to ``bytes`` warm (at least LS_KEEP), and then at most that in all (a
       worker's memory limit counts the blocks whose pages went back too); blocks beyond
       are freed now. */
    static void ls_keep(size_t bytes) {
        ls_lock();
        ls_keep_max = bytes > LS_KEEP ? bytes : LS_KEEP;
        ls_total_max = bytes > LS_KEEP ? bytes : LS_MAX;
        ls_unlock();
        ls_drop(ls_over_budget, 1);
        ls_drop(ls_over_total, 0);
    }

    /* Keep freed blocks (on) or free them at once, and every kept one now (off). */
    static void ls_enable(int on) {
        ls_enabled = on;
        if (!on) ls_drop(ls_any, 0);
    }

    /* For the tests: count LS_ENGAGE more bytes held (on) or not (off). */
    static void ls_engage(int on) {
        __atomic_add_fetch(&ls_live, on ? LS_ENGAGE : -LS_ENGAGE, __ATOMIC_RELAXED);
    }

    static void ls_state(long long* out) {
        int c;
        long long blocks = 0;
        ls_lock();
        for (c = 0; c < 2 * LS_CLASSES; c++) blocks += (long long)ls_count[c];
        out[0] = ls_installed; out[1] = blocks; out[2] = (long long)ls_warm;
        out[3] = (long long)ls_total; out[4] = (long long)ls_keep_max; out[7] = (long long)ls_total_max;
        out[5] = (long long)ls_takes; out[6] = (long long)ls_puts;
        ls_unlock();
    }
    """
    int ls_install(void* setup) noexcept nogil
    void ls_keep(size_t bytes) noexcept nogil
    void ls_enable(int on) noexcept nogil
    void* ls_malloc(size_t size) noexcept nogil
    void* ls_calloc(size_t num, size_t size) noexcept nogil
    void ls_free(void* p) noexcept nogil
    void ls_engage(int on) noexcept nogil
    int ls_installed
    void ls_state(long long* out) noexcept nogil
    size_t LS_MIN
    size_t LS_KEEP
    size_t LS_MAX


def stash_state():
    """For the tests: lexbor's freed blocks kept for the next page (_stash.pxi): whether
    lexbor's allocator is wrapped, the blocks kept, their bytes kept warm, all their bytes,
    the warm bytes kept at most, how many blocks were taken back and kept so far, the bytes
    kept at most, LS_MIN."""
    cdef long long out[8]
    ls_state(out)
    return dict(installed=bool(out[0]), blocks=out[1], warm=out[2], total=out[3], keep=out[4],
                takes=out[5], puts=out[6], most=out[7], min_size=LS_MIN)


def stash(bint on):
    """Keep lexbor's freed blocks for the next page (see above) or free them at once (and
    those kept now); whether they are now kept (lexbor's allocator is wrapped)."""
    ls_enable(on)
    return bool(on and ls_installed)


def stash_roundtrip(size_t size):
    """For the tests: lexbor's calloc after its free of a block of ``size`` bytes filled with
    ones (as lexbor's own allocations go), freed as a big page's block: (whether the kept
    block came back, whether it came back zeroed)."""
    cdef unsigned char* p = <unsigned char*>ls_malloc(size)
    cdef unsigned char* q
    cdef size_t i
    if p is NULL:
        raise MemoryError()
    ls_engage(1)  # (as when a big page's tree is freed)
    memset(p, 0xff, size)
    ls_free(p)
    q = <unsigned char*>ls_calloc(1, size)
    if q is NULL:
        raise MemoryError()
    zeroed = all(q[i] == 0 for i in range(size))
    ls_free(q)
    ls_engage(0)
    return q == p, zeroed
