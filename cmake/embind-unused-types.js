// Linked into every wasm module (cmake/Wasm.cmake). Embind registers every
// builtin C++ type at start-up, and each registration pulls its JS converters
// into the glue. No binding here passes a wide string (std::wstring,
// std::u16string) or a typed memory view, so those two registrations do
// nothing, and the UTF-16/UTF-32 and memory-view code drops out of the glue:
// 1.8 KB raw, 0.62 KB gzip per module, measured on the effective-batch module.
// A binding that starts using either type is left unbound: its first call
// throws Embind's UnboundTypeError, which the node tests (every binding of
// every module, through the wasm) would show.
mergeInto(LibraryManager.library, {
  _embind_register_std_wstring: function (rawType, charSize, name) {},
  _embind_register_memory_view: function (rawType, dataTypeIndex, name) {},
});
