#ifndef SUBSTATE_RUNTIME_SUPPORT_H
#define SUBSTATE_RUNTIME_SUPPORT_H

// The few things Substate's tree walker needs from C: pointer authentication for the pointers
// it loads from Swift runtime metadata, and whether the build is instrumented by a sanitizer.

/// Pointer authentication for the pointers the tree walker loads from Swift runtime metadata.
///
/// On arm64e (Apple silicon built with pointer authentication) the runtime signs some of the
/// pointers it stores in metadata: the type context descriptor of a struct or an enum, the
/// value witness table, and the value witness functions. A signed pointer cannot be followed
/// until its signature bits are removed, and a function pointer must carry the signature a C
/// call expects. Everywhere else these functions return their argument.

/// The address a signed data pointer loaded from metadata points to.
const void *_Nullable substate_strip_data_pointer(const void *_Nullable pointer);

/// A function pointer loaded from metadata (a value witness), made callable as a C function
/// pointer: its signature is removed and, where calls are authenticated, replaced with the one
/// a C call checks.
const void *_Nullable substate_callable_function_pointer(const void *_Nullable pointer);

/// How many times larger than in a plain build the walker's stack frames may be: 4 when the
/// build is instrumented by the address or thread sanitizer, 1 otherwise.
int substate_sanitizer_stack_scale(void);

/// The most stack, in bytes, a thread's walks may use under the thread sanitizer, which records
/// each thread's calls in a list of 65,536 entries whatever the stack's size: 2 MB, fewer than
/// that many of the smallest instrumented frames. 0 (no cap) in other builds.
int substate_sanitizer_stack_cap(void);

/// An address in the calling function's frame on the thread's real stack. The address of a
/// local variable is not one: the address sanitizer may keep locals on a heap of its own, to
/// catch uses after return.
static inline const void *_Nonnull substate_stack_address(void) {
    return __builtin_frame_address(0);
}

#endif
