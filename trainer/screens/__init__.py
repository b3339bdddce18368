"""The pages' bodies: each module's show() draws one page (kept in modules so reruns reuse
compiled code)."""
