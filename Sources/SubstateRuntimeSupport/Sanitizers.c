#include "SubstateRuntimeSupport.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SUBSTATE_SANITIZED 1
#endif
#if __has_feature(thread_sanitizer)
#define SUBSTATE_THREAD_SANITIZED 1
#endif
#endif

int substate_sanitizer_stack_scale(void) {
#if defined(SUBSTATE_SANITIZED)
    // Instrumented frames carry redzones (address) or shadow bookkeeping (thread).
    return 4;
#else
    return 1;
#endif
}

int substate_sanitizer_stack_cap(void) {
#if defined(SUBSTATE_THREAD_SANITIZED)
    return 2 << 20;
#else
    return 0;
#endif
}
