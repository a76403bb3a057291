#ifndef PUSHPROOF_CSANITIZER_SHIM_H
#define PUSHPROOF_CSANITIZER_SHIM_H
/* LeakSanitizer's interface (compiler-rt's sanitizer/lsan_interface.h), referenced weakly: the
   sanitizer runtime defines it in sanitizer builds, and elsewhere the references are null. A weak
   reference resolves when the executable is linked, also where the runtime's symbols are not
   exported (a statically linked Swift runtime, where dlsym does not find them). */
extern void __lsan_disable(void) __attribute__((weak));
extern void __lsan_enable(void) __attribute__((weak));

/* 1 when LeakSanitizer is there and now ignores this thread's allocations. */
static inline int pushproof_lsan_disable(void) {
    if (__lsan_disable) {
        __lsan_disable();
        return 1;
    }
    return 0;
}

static inline void pushproof_lsan_enable(void) {
    if (__lsan_enable) __lsan_enable();
}
#endif
