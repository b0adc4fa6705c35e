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

# tools_dir: sets CUTE_TOOLS_DIR, the directory of the NVIDIA tools and
# CUTLASS's sources: $CUTE_CUDA_TOOLS, default target/cuda-tools under the
# repository root (CI keeps it between runs). DIR/py is `pip install
# --target`, DIR/wheels the CUTLASS wheel, DIR/cutlass the wheel unzipped;
# an existing directory with that layout is used as it is.
tools_dir() {
    local root
    root=$(git -C "$PWD" rev-parse --show-toplevel 2>/dev/null || (cd "$PWD/.." && pwd))
    CUTE_TOOLS_DIR=${CUTE_CUDA_TOOLS:-$root/target/cuda-tools}
    mkdir -p "$CUTE_TOOLS_DIR"
    CUTE_TOOLS_DIR=$(cd "$CUTE_TOOLS_DIR" && pwd)
}

# cutlass_source: sets and exports CUTLASS_SRC (include/, tools/util/include/,
# examples/), unzipping the CUTLASS wheel in DIR/wheels, downloaded first
# when it is not there.
cutlass_source() {
    tools_dir
    local dir=$CUTE_TOOLS_DIR
    CUTLASS_SRC="$dir/cutlass/cutlass_library/source"
    if [[ ! -d $CUTLASS_SRC/include/cute ]]; then
        if ! ls "$dir"/wheels/nvidia_cutlass-*.whl >/dev/null 2>&1; then
            echo "== pip download --no-deps $CUTLASS_WHEEL (into $dir/wheels)"
            python3 -m pip download --quiet --no-deps --dest "$dir/wheels" "$CUTLASS_WHEEL"
        fi
        echo "== unzip $(ls "$dir"/wheels/nvidia_cutlass-*.whl) into $dir/cutlass"
        rm -rf "$dir/cutlass"
        python3 -m zipfile -e "$dir"/wheels/nvidia_cutlass-*.whl "$dir/cutlass"
    fi
    export CUTLASS_SRC
}

# cuda_tools: installs (once) and puts on PATH nvcc, ptxas, cuobjdump and
# nvdisasm (pip, under DIR/py), and calls cutlass_source. Sets and exports
# CUDA_HOME_PIP (the cu13 directory: bin/, include/, nvvm/).
cuda_tools() {
    tools_dir
    local dir=$CUTE_TOOLS_DIR f missing=
    CUDA_HOME_PIP="$dir/py/nvidia/cu13"
    for f in bin/nvcc bin/ptxas bin/cuobjdump bin/nvdisasm nvvm/bin/cicc include/cuda_runtime.h; do
        [[ -e $CUDA_HOME_PIP/$f ]] || missing+=" $f"
    done
    if [[ -n $missing ]]; then
        echo "== pip install --target $dir/py ${CUDA_PIP_PACKAGES[*]} (missing:$missing)"
        rm -rf "$dir/py"
        python3 -m pip install --quiet --root-user-action=ignore --no-warn-script-location --target "$dir/py" "${CUDA_PIP_PACKAGES[@]}"
    fi
    cutlass_source
    # The wheels do not keep the executable bits.
    chmod +x "$CUDA_HOME_PIP"/bin/* "$CUDA_HOME_PIP"/nvvm/bin/* 2>/dev/null || true
    # cuobjdump -sass runs nvdisasm from PATH.
    case ":$PATH:" in *":$CUDA_HOME_PIP/bin:"*) ;; *) PATH="$CUDA_HOME_PIP/bin:$PATH" ;; esac
    export PATH CUDA_HOME_PIP
    echo "CUDA tools: $CUDA_HOME_PIP ($(ptxas --version | tail -1)); CUTLASS: $CUTLASS_SRC"
}
