#include "SubstateRuntimeSupport.h"

#include <stdint.h>

#if defined(__has_feature)
#if __has_feature(ptrauth_intrinsics)
#define SUBSTATE_PTRAUTH 1
#include <ptrauth.h>
#endif
#endif

#if !defined(SUBSTATE_PTRAUTH) && defined(__APPLE__) && defined(__aarch64__)
// A process built for arm64 (not arm64e) runs with pointer authentication off, so nothing it
// loads carries a signature. The mask costs nothing and keeps the address if that ever
// changes: user-space addresses on Apple's arm64 platforms fit in 47 bits.
#define SUBSTATE_ADDRESS_MASK ((uintptr_t)0x00007FFFFFFFFFFFull)
#endif

const void *substate_strip_data_pointer(const void *pointer) {
#if defined(SUBSTATE_PTRAUTH)
    return ptrauth_strip(pointer, ptrauth_key_process_independent_data);
#elif defined(SUBSTATE_ADDRESS_MASK)
    return (const void *)((uintptr_t)pointer & SUBSTATE_ADDRESS_MASK);
#else
    return pointer;
#endif
}

const void *substate_callable_function_pointer(const void *pointer) {
#if defined(SUBSTATE_PTRAUTH)
    // Value witnesses are signed with the function key and a discriminator of their own; a C
    // call authenticates with the same key and a zero discriminator.
    const void *address = ptrauth_strip(pointer, ptrauth_key_function_pointer);
    return ptrauth_sign_unauthenticated(address, ptrauth_key_function_pointer, 0);
#elif defined(SUBSTATE_ADDRESS_MASK)
    return (const void *)((uintptr_t)pointer & SUBSTATE_ADDRESS_MASK);
#else
    return pointer;
#endif
}
