#ifndef SUBSTATE_POINTER_AUTH_H
#define SUBSTATE_POINTER_AUTH_H

/// Pointer authentication for the pointers Substate's tree walker loads from Swift runtime
/// metadata.
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

#endif
