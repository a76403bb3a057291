"""An independent implementation of PushProof's operations, written from docs/ (not from the
Swift code), with PyNaCl and the Python standard library."""
