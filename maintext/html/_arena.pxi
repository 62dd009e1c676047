# Included by _lexbor.pyx: the memory of the libxml2 nodes _lexbor makes itself (``_own``).
#
# A page's tree is thousands of small blocks (aeb: ~4,000 elements, texts and attributes),
# each one malloc when built and one free when lxml frees the document; glibc spent ~1M
# instructions a page on them (8% of the full record), most in its slow paths (_int_malloc,
# _int_free, malloc_consolidate: the tree outgrows its per-size caches). Here the blocks are
# cut one after the other from 64 KiB chunks, and a chunk is free again when every block
# cut from it is freed.
#
# libxml2 frees every node on its own through its global ``xmlFree`` (xmlFreeDoc,
# xmlFreeNode, xmlFreeProp...), so that pointer is replaced, once, by ``mt_free``: a block
# of one of our chunks only lowers its chunk's count of live blocks; anything else goes on
# to the ``xmlFree`` that was set before (glibc's free), as it did. A chunk is known by its
# number (address >> MT_SHIFT: chunks are aligned to their size) in a table, so a pointer
# not ours costs one hashed look-up. Counting blocks, not documents, keeps this safe
# whatever lxml does with the nodes: one moved into another document, or kept alive by a
# proxy after its document, keeps its chunk; a chunk is released only when nothing cut from
# it is left.
#
# A chunk's count starts at MT_HOLD while blocks are being cut from it (the blocks cut are
# counted apart, without atomics, and added when it is left for a new one), so it cannot
# reach zero before; frees lower it atomically (libxml2 may free from any thread). The
# chunk being filled is kept from build to build, so that many small pages share chunks
# (a document pins at most the chunks its nodes are in). Chunks are mapped (mmap) 16 at a
# time and never unmapped, so a number in the table is ours for good (nothing is ever
# removed from it, and no look-up can race a removal): a freed chunk is kept for the next
# pages, warm in the caches, up to MT_KEEP of them (a worker's budget: keep_chunks);
# beyond, its pages go back to the system (madvise MADV_FREE: taken back when the system
# needs memory, else found again without a fault by the next big page) and it waits for
# that page. Blocks larger than MT_BIG, and every block once the table is half full (8,192
# chunks: 512 MiB of nodes), come from libxml2's allocator (they go back through the same
# mt_free, to it).

cdef extern from *:
    """
    #include <stdint.h>
    #include <stdlib.h>
    #include <pthread.h>
    #include <sys/mman.h>

    #define MT_SHIFT 16
    #define MT_CHUNK ((size_t)1 << MT_SHIFT)
    #define MT_HEAD 16                      /* the chunk's count, blocks aligned as malloc's */
    #define MT_BIG (MT_CHUNK / 8)           /* larger blocks: libxml2's allocator */
    #define MT_SLAB 16                      /* chunks mapped at once (1 MiB) */
    #define MT_SLOT_BITS 14
    #define MT_SLOTS ((size_t)1 << MT_SLOT_BITS)
    #define MT_EMPTY ((uintptr_t)0)         /* never a chunk's number (below 64 KiB) */
    #define MT_HOLD ((int64_t)1 << 40)
    #define MT_KEEP 32                      /* 2 MiB of freed chunks kept warm */

    typedef void (*mt_free_f)(void*);

    static uintptr_t mt_slots[MT_SLOTS];   /* chunk numbers, open addressing, never removed */
    static size_t mt_filled = 0;
    static mt_free_f mt_next_free = NULL;  /* xmlFree before mt_free */
    static char mt_lock_flag = 0;
    static char** mt_kept = NULL;          /* freed chunks, their pages still in memory */
    static size_t mt_nkept = 0, mt_kept_room = 0;
    static size_t mt_keep_max = MT_KEEP;   /* (mt_keep: a worker's budget) */
    static char** mt_cold = NULL;          /* freed chunks whose pages went back to the system */
    static size_t mt_ncold = 0, mt_cold_room = 0;
    static char* mt_cur = NULL;            /* the chunk being filled, its free room */
    static char* mt_top = NULL;
    static char* mt_end = NULL;
    static int64_t mt_cut = 0;             /* blocks cut from mt_cur */

    static inline void mt_lock(void) { while (__atomic_test_and_set(&mt_lock_flag, __ATOMIC_ACQUIRE)) {} }
    static inline void mt_unlock(void) { __atomic_clear(&mt_lock_flag, __ATOMIC_RELEASE); }
    static void mt_after_fork(void) { mt_lock_flag = 0; }  /* (a thread of the parent held it) */

    static inline size_t mt_slot(uintptr_t number) {
        return (size_t)((number * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - MT_SLOT_BITS));
    }

    static inline int mt_owns(const void* p) {
        uintptr_t number = (uintptr_t)p >> MT_SHIFT;
        size_t i = mt_slot(number);
        for (;;) {
            uintptr_t s = __atomic_load_n(&mt_slots[i], __ATOMIC_ACQUIRE);
            if (s == number) return 1;
            if (s == MT_EMPTY) return 0;
            i = (i + 1) & (MT_SLOTS - 1);
        }
    }

    static void mt_register(uintptr_t number) {  /* lock held, room checked */
        size_t i = mt_slot(number);
        while (mt_slots[i] != MT_EMPTY) i = (i + 1) & (MT_SLOTS - 1);
        mt_filled++;
        __atomic_store_n(&mt_slots[i], number, __ATOMIC_RELEASE);
    }

    /* Room for ``more`` entries in a list of chunks (lock held); 0: no memory for it. */
    static int mt_reserve(char*** list, size_t* room, size_t used, size_t more) {
        while (*room - used < more) {
            size_t wider = *room ? 2 * *room : 256;
            char** grown = (char**)realloc(*list, wider * sizeof(char*));
            if (grown == NULL) return 0;
            *list = grown;
            *room = wider;
        }
        return 1;
    }

    static int mt_cold_reserve(size_t more) { return mt_reserve(&mt_cold, &mt_cold_room, mt_ncold, more); }

    /* The chunk's pages back to the system: MADV_FREE lets it take them when it needs
       memory, and costs nothing when the chunk is used again before (no fault, no zeroing);
       MADV_DONTNEED where the kernel has no MADV_FREE. */
    static void mt_give_back(char* chunk) {
    #ifdef MADV_FREE
        if (madvise(chunk, MT_CHUNK, MADV_FREE) == 0) return;
    #endif
        madvise(chunk, MT_CHUNK, MADV_DONTNEED);
    }

    static void mt_release(char* chunk) {  /* nothing cut from it is left */
        mt_lock();
        if (mt_nkept < mt_keep_max && mt_reserve(&mt_kept, &mt_kept_room, mt_nkept, 1)) {
            mt_kept[mt_nkept++] = chunk;
            mt_unlock();
            return;
        }
        mt_unlock();
        mt_give_back(chunk);
        mt_lock();
        if (mt_cold_reserve(1)) mt_cold[mt_ncold++] = chunk;
        else *(int64_t*)chunk = MT_HOLD;  /* (no room to list it: never reused, which is safe) */
        mt_unlock();
    }

    static void mt_free(void* p) {
        if (p != NULL && mt_owns(p)) {
            int64_t* live = (int64_t*)((uintptr_t)p & ~(uintptr_t)(MT_CHUNK - 1));
            if (__atomic_sub_fetch(live, 1, __ATOMIC_ACQ_REL) == 0) mt_release((char*)live);
            return;
        }
        mt_next_free(p);
    }

    /* Leave the chunk being filled: its count becomes its blocks still live. */
    static void mt_leave(void) {
        char* chunk = mt_cur;
        if (chunk == NULL) return;
        mt_cur = mt_top = mt_end = NULL;
        if (__atomic_add_fetch((int64_t*)chunk, mt_cut - MT_HOLD, __ATOMIC_ACQ_REL) == 0) mt_release(chunk);
        mt_cut = 0;
    }

    /* Map a slab of MT_SLAB chunks aligned to their size, registered, on the cold list. */
    static void mt_grow(void) {  /* lock held */
        size_t size = MT_SLAB * MT_CHUNK, head, i;
        char* p;
        if (mt_filled + MT_SLAB > MT_SLOTS / 2 || !mt_cold_reserve(MT_SLAB)) return;
        p = (char*)mmap(NULL, size + MT_CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == (char*)MAP_FAILED) return;
        head = (MT_CHUNK - ((uintptr_t)p & (MT_CHUNK - 1))) & (MT_CHUNK - 1);
        if (head) munmap(p, head);
        if (MT_CHUNK - head) munmap(p + head + size, MT_CHUNK - head);
        p += head;
        for (i = 0; i < MT_SLAB; i++) {
            mt_register((uintptr_t)(p + i * MT_CHUNK) >> MT_SHIFT);
            mt_cold[mt_ncold++] = p + (MT_SLAB - 1 - i) * MT_CHUNK;
        }
    }

    static char* mt_take(void) {  /* a freed chunk, warm ones first; else a new one (NULL: none) */
        char* chunk = NULL;
        mt_lock();
        if (mt_nkept == 0 && mt_ncold == 0) mt_grow();
        if (mt_nkept > 0) chunk = mt_kept[--mt_nkept];
        else if (mt_ncold > 0) chunk = mt_cold[--mt_ncold];
        mt_unlock();
        return chunk;
    }

    /* A block of ``size`` bytes, or NULL: take it from libxml2's allocator. */
    static void* mt_alloc(size_t size) {
        char* p;
        size = (size + 15) & ~(size_t)15;
        if (size > MT_BIG) return NULL;
        if (mt_end - mt_top < (ptrdiff_t)size) {
            char* chunk;
            mt_leave();
            chunk = mt_take();
            if (chunk == NULL) return NULL;
            *(int64_t*)chunk = MT_HOLD;
            mt_cur = chunk;
            mt_top = chunk + MT_HEAD;
            mt_end = chunk + MT_CHUNK;
        }
        p = mt_top;
        mt_top += size;
        mt_cut++;
        return p;
    }

    /* Put mt_free in libxml2's xmlFree (once); whether it is there now. */
    static int mt_install(mt_free_f* xml_free) {
        if (*xml_free != mt_free) {
            if (mt_next_free != NULL) return 0;  /* someone replaced it since: leave it */
            mt_next_free = *xml_free;
            *xml_free = mt_free;
            pthread_atfork(NULL, NULL, mt_after_fork);
        }
        return 1;
    }

    /* Keep up to ``chunks`` freed chunks warm (at least MT_KEEP); those beyond go cold now. */
    static void mt_keep(size_t chunks) {
        char* chunk;
        mt_lock();
        mt_keep_max = chunks > MT_KEEP ? chunks : MT_KEEP;
        while (mt_nkept > mt_keep_max && mt_cold_reserve(1)) {
            chunk = mt_kept[--mt_nkept];
            mt_give_back(chunk);
            mt_cold[mt_ncold++] = chunk;
        }
        mt_unlock();
    }

    static int mt_installed(mt_free_f* xml_free) { return *xml_free == mt_free; }
    static int mt_kept_count(void) { return (int)mt_nkept; }
    static long long mt_cold_count(void) { return (long long)mt_ncold; }
    static long long mt_chunk_count(void) { return (long long)mt_filled; }
    static int mt_owned(const void* p) { return p != NULL && mt_owns(p); }
    static int64_t mt_live_of(const void* p) {  /* blocks of p's chunk still live (+ MT_HOLD: being filled) */
        return *(int64_t*)((uintptr_t)p & ~(uintptr_t)(MT_CHUNK - 1));
    }
    """
    ctypedef void (*mt_free_f)(void*) noexcept nogil
    void* mt_alloc(size_t size) noexcept nogil
    int mt_install(mt_free_f* xml_free) noexcept nogil
    int mt_installed(mt_free_f* xml_free) noexcept nogil
    int mt_kept_count() noexcept nogil
    void mt_keep(size_t chunks) noexcept nogil
    long long mt_cold_count() noexcept nogil
    long long mt_chunk_count() noexcept nogil
    int mt_owned(const void* p) noexcept nogil
    long long mt_live_of(const void* p) noexcept nogil
    long long MT_HOLD
    size_t MT_CHUNK
    int MT_KEEP
    size_t mt_keep_max


cdef bint _arena_found = False  # mt_free is in libxml2's xmlFree (_install_arena)
cdef bint _arena_wanted = True  # (arena(): the tests compare both)
cdef bint _arena = False  # this build cuts its nodes from the chunks


cdef void _install_arena() noexcept:
    global _arena_found
    _arena_found = _own_found and mt_install(<mt_free_f*>xmlFreePtr) != 0


cdef inline void* _block(size_t size) noexcept:
    """``size`` bytes for a node of this build: from a chunk (``_arena``), else (or when
    it has none to give) from libxml2's allocator; NULL when out of memory."""
    cdef void* p = NULL
    if _arena:
        p = mt_alloc(size)
    if p is NULL:
        p = xmlMallocPtr[0](size)
    return p


cdef inline bint _arena_usable() noexcept:
    """The chunks may serve this build: wanted, and mt_free still in xmlFree."""
    return _arena_wanted and _arena_found and mt_installed(<mt_free_f*>xmlFreePtr) != 0


def arena(bint on):
    """Cut the nodes made here from chunks (see _arena.pxi) or take each from libxml2's
    allocator (the tests compare both); whether they are now cut from chunks."""
    global _arena_wanted
    _arena_wanted = on
    return _arena_usable()


def keep_chunks(long megabytes):
    """Keep up to ``megabytes`` of freed chunks warm for the next pages (at least 2 MiB)
    instead of giving their pages back: what maintext.heap.keep_freed_memory asks of glibc,
    in the processes maintext owns, so that a big page after a big page faults nothing in.
    The same budget for the blocks lexbor frees (_stash.pxi)."""
    mt_keep(<size_t>max(megabytes, 0) * ((1 << 20) // MT_CHUNK))
    ls_keep(<size_t>max(megabytes, 0) << 20)


def arena_state(_Element element=None):
    """For the tests: (freed chunks kept warm, freed chunks whose pages went back, chunks
    mapped, how many are kept warm at most, MT_HOLD, and for ``element``: whether its node
    was cut from a chunk, the live blocks of that chunk (+ MT_HOLD while it is being filled))."""
    cdef void* node = element._c_node if element is not None else NULL
    owned = node is not NULL and mt_owned(node) != 0
    return (mt_kept_count(), mt_cold_count(), mt_chunk_count(), mt_keep_max, MT_HOLD,
            owned, mt_live_of(node) if owned else 0)
