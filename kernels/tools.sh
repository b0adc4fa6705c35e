# Shell functions shared by kernels/ptx-check.sh and kernels/sass-compare.sh
# (sourced, not run): the PTX build of the crate and the NVIDIA tools.
# Both expect the current directory to be kernels/.

# build_ptx NAME [CPU PTX_VERSION]: builds the PTX module (NAME "default": the
# crate's own flags, .cargo/config.toml; else --features NAME with target-cpu
# CPU and PTX ISA PTX_VERSION, in target/NAME) and leaves its path in $ptx.
build_ptx() {
    local name=$1 cpu=${2:-} version=${3:-}
    if [[ $name == default ]]; then
        echo "== RUSTC_BOOTSTRAP=1 cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda (kernels/)"
        RUSTC_BOOTSTRAP=1 cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda
        ptx="$PWD/target/nvptx64-nvidia-cuda/release/cute_kernels.ptx"
    else
        echo "== the same with --features $name (target-cpu $cpu, PTX ISA $version)"
        RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C target-cpu=$cpu -C target-feature=+ptx$version -C llvm-args=-unroll-threshold=20000" \
            cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda --features "$name" --target-dir "target/$name"
        ptx="$PWD/target/$name/nvptx64-nvidia-cuda/release/cute_kernels.ptx"
    fi
    test -s "$ptx" || { echo "no PTX at $ptx" >&2; return 1; }
    echo "PTX: $ptx ($(grep -c '^\.visible \.entry' "$ptx") kernels, $(grep -m1 '^\.target' "$ptx"))"
}

# The NVIDIA packages, pinned: a compiler update changes the SASS the
# comparison measures, so it is a deliberate change of these lines.
CUDA_PIP_PACKAGES=(
    nvidia-cuda-nvcc==13.5.37 nvidia-nvvm==13.5.37 nvidia-cuda-crt==13.5.37
    nvidia-cuda-runtime==13.5.37 nvidia-cuda-cccl==13.3.5.0.6
    nvidia-cuda-cuobjdump==13.5.37 nvidia-cuda-nvdisasm==13.5.37
)
CUTLASS_WHEEL=nvidia-cutlass==4.2.0.0

# cuda_tools: installs (once) and puts on PATH nvcc, ptxas, cuobjdump and
# nvdisasm, and unpacks CUTLASS's sources. The tools live in
# $CUTE_CUDA_TOOLS (default: target/cuda-tools under the repository root,
# which CI keeps between runs): DIR/py is `pip install --target`, DIR/cutlass
# the unzipped CUTLASS wheel. An existing directory with that layout is used
# as it is. Sets CUDA_HOME_PIP (the cu13 directory: bin/, include/, nvvm/)
# and CUTLASS_SRC (include/, tools/util/include/, examples/).
cuda_tools() {
    local root dir
    root=$(git -C "$PWD" rev-parse --show-toplevel)
    dir=${CUTE_CUDA_TOOLS:-$root/target/cuda-tools}
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    CUDA_HOME_PIP="$dir/py/nvidia/cu13"
    CUTLASS_SRC="$dir/cutlass/cutlass_library/source"
    local f missing=
    for f in bin/nvcc bin/ptxas bin/cuobjdump bin/nvdisasm nvvm/bin/cicc include/cuda_runtime.h; do
        [[ -e $CUDA_HOME_PIP/$f ]] || missing+=" $f"
    done
    if [[ -n $missing ]]; then
        echo "== pip install --target $dir/py ${CUDA_PIP_PACKAGES[*]} (missing:$missing)"
        rm -rf "$dir/py"
        python3 -m pip install --quiet --root-user-action=ignore --no-warn-script-location --target "$dir/py" "${CUDA_PIP_PACKAGES[@]}"
    fi
    if [[ ! -d $CUTLASS_SRC/include/cute ]]; then
        echo "== pip download --no-deps $CUTLASS_WHEEL (unzipped in $dir/cutlass)"
        rm -rf "$dir/cutlass" "$dir/wheels"
        python3 -m pip download --quiet --no-deps --dest "$dir/wheels" "$CUTLASS_WHEEL"
        python3 -m zipfile -e "$dir"/wheels/nvidia_cutlass-*.whl "$dir/cutlass"
    fi
    # The wheels do not keep the executable bits.
    chmod +x "$CUDA_HOME_PIP"/bin/* "$CUDA_HOME_PIP"/nvvm/bin/* 2>/dev/null || true
    # cuobjdump -sass runs nvdisasm from PATH.
    case ":$PATH:" in *":$CUDA_HOME_PIP/bin:"*) ;; *) PATH="$CUDA_HOME_PIP/bin:$PATH" ;; esac
    export PATH CUDA_HOME_PIP CUTLASS_SRC
    echo "CUDA tools: $CUDA_HOME_PIP ($(ptxas --version | tail -1)); CUTLASS: $CUTLASS_SRC"
}
