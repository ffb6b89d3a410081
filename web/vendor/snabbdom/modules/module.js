export {};
//# sourceMappingURL=module.js.map