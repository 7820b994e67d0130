#ifndef IDSCOPE_CPREFETCH_SHIM_H
#define IDSCOPE_CPREFETCH_SHIM_H

/* A hint that memory will be read soon: the compiler's prefetch builtin, which Swift has no
 * spelling for. Explore's visited set is several megabytes, and a lookup in it waits on memory;
 * asked for while other work runs, the slot is in cache when the lookup comes. Nothing else. */
static inline void idscope_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
