#ifndef PUSHPROOF_CSODIUM_SHIM_H
#define PUSHPROOF_CSODIUM_SHIM_H
#include <sodium.h>
#endif
